CREATE OR REPLACE FUNCTION private.auth_retry_after(p_kind text, p_key text)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((
    select greatest(0, ceil(extract(epoch from (f.failed_at + make_interval(secs => l.per_seconds) - now()))))::integer
    from private.auth_limits l
    cross join lateral (
      select a.failed_at from private.auth_failures a
      where a.kind = l.kind and a.key_hash = md5(p_key) and a.failed_at > now() - make_interval(secs => l.per_seconds)
      order by a.failed_at desc offset l.failures - 1 limit 1
    ) f
    where l.kind = p_kind), 0)
$function$;
revoke all on function private.auth_retry_after(text,text) from public, anon, authenticated, service_role;
comment on function private.auth_retry_after(text,text) is NULL;
