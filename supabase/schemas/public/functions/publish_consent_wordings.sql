CREATE OR REPLACE FUNCTION public.publish_consent_wordings(p_wordings text[])
 RETURNS text[]
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- Through the API only an admin at aal2 or the service role; the stand-in's start and psql have no claims.
  if (select auth.jwt()) ->> 'role' is not null and (select auth.jwt()) ->> 'role' <> 'service_role' then
    perform private.require_list_admin('publish consent wordings');
  end if;
  begin
    insert into private.consent_wordings (version, wording)
    select left(encode(sha256(convert_to(w, 'UTF8')), 'hex'), 16), w from unnest(p_wordings) w
    on conflict (version) do nothing;
  exception when check_violation or not_null_violation then
    raise exception 'invalid wording: each is 1 to 4000 characters' using errcode = '22023';
  end;
  return array(select left(encode(sha256(convert_to(w, 'UTF8')), 'hex'), 16) from unnest(p_wordings) with ordinality u(w, i) order by i);
end;
$function$;
revoke all on function publish_consent_wordings(text[]) from public, anon, authenticated, service_role;
grant EXECUTE on function publish_consent_wordings(text[]) to authenticated;
grant EXECUTE on function publish_consent_wordings(text[]) to service_role;
comment on function publish_consent_wordings(text[]) is 'Stores the privacy wordings the site''s forms show, each once; returns their versions (first 16 hex digits of sha256), in order. Admins at aal2 and the service role through the API; the stand-in at start.';
