-- The no-script pixel's visitor (issue 32): a server the site runs may name the visitor it answers.
--
-- A page view without script reaches the site's own server (npm start, the Cloudflare Pages worker or
-- the Netlify Edge Function the build writes: model/pixel.ts), which calls public.track() itself. The
-- client address the database trusts is `cf-connecting-ip`, which Cloudflare in front of hosted
-- Supabase writes from the connection it accepted, replacing what the sender wrote: for the pixel that
-- connection is the server's (from a Cloudflare Worker in another zone, always 2a06:98c0:3600::103),
-- so every visitor without script would be one client, sharing one hourly cap and, per user agent,
-- one visitor hash.
--
-- So the server names the visitor in `x-analytics-client` and proves it may with `x-analytics-key`, a
-- secret (ANALYTICS_PROXY_SECRET on the host) whose sha256 is stored here. Only a request carrying the
-- secret is believed; anyone else's x-analytics-client is ignored and their cf-connecting-ip used, as
-- before, so the address stays unforgeable by visitors. Only the hash is kept: reading this table
-- does not give the secret. No row (the default): no server is believed.

create table private.analytics_proxy (
  id boolean primary key default true check (id),
  -- Not the hash of an empty text: what `sha256sum` prints for a variable that was never set.
  key_sha256 bytea not null check (octet_length(key_sha256) = 32 and key_sha256 <> sha256(''::bytea))
);
comment on table private.analytics_proxy is 'sha256 of ANALYTICS_PROXY_SECRET: a request whose x-analytics-key header hashes to it names its client in x-analytics-client (the no-script pixel''s server). Set it with supabase/README.md''s step; the stand-in sets it at start.';

-- PL/pgSQL, as 20251220000000_sharded_site_count.sql made it: a SQL function with a SET clause is
-- parsed and planned again in every transaction that calls it.
create or replace function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  h json := nullif(current_setting('request.headers', true), '')::json;
begin
  -- A key shorter than the secrets npm start draws (32 characters and more) is never believed: an
  -- operator who hashed an unset variable stored sha256(''), which an empty header would match.
  if char_length(h ->> 'x-analytics-key') >= 32
     and exists (select 1 from private.analytics_proxy p
                 where p.key_sha256 = sha256(convert_to(h ->> 'x-analytics-key', 'UTF8'))) then
    return coalesce(left(nullif(btrim(h ->> 'x-analytics-client'), ''), 64),
                    nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
  end if;
  return coalesce(nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
end;
$$;
comment on function private.client_address() is 'The client: x-analytics-client when x-analytics-key proves the site''s own server sent it (private.analytics_proxy), else cf-connecting-ip as Cloudflare wrote it, else ''unknown''.';
