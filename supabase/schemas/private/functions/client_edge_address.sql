CREATE OR REPLACE FUNCTION private.client_edge_address()
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  h json := nullif(current_setting('request.headers', true), '')::json;
begin
  -- A key shorter than the secrets npm start draws (32 characters and more) is never believed (and
  -- without one the lookup is skipped, false rather than null stopping the AND): an
  -- operator who hashed an unset variable stored sha256(''), which an empty header would match.
  if coalesce(char_length(h ->> 'x-analytics-key'), 0) >= 32
     and exists (select 1 from private.analytics_proxy p
                 where p.key_sha256 = sha256(convert_to(h ->> 'x-analytics-key', 'UTF8'))) then
    return coalesce(left(nullif(btrim(h ->> 'x-analytics-client'), ''), 64),
                    nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
  end if;
  return coalesce(nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
end;
$function$;
revoke all on function private.client_edge_address() from public, anon, authenticated, service_role;
comment on function private.client_edge_address() is 'The client''s address as named: x-analytics-client when x-analytics-key proves the site''s own server sent it (private.analytics_proxy), else cf-connecting-ip as Cloudflare wrote it, else ''unknown''.';
