CREATE OR REPLACE FUNCTION private.client_of(p_address text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v inet;
begin
  -- Only an IPv6 address has a colon. Everything else (IPv4, 'unknown') is its own key, and skips the
  -- exception block below: entering one starts a subtransaction, a cost on every event.
  if position(':' in p_address) = 0 then
    return p_address;
  end if;
  begin
    v := p_address::inet;
  exception when others then
    return p_address;
  end;
  -- ::ffff:a.b.c.d is an IPv4 client reached over IPv6.
  if v << '::ffff:0:0/96'::inet then
    return host(('0.0.0.0'::inet + (v - '::ffff:0:0'::inet)));
  end if;
  return network(set_masklen(v, 64))::text;
end;
$function$;
revoke all on function private.client_of(text) from public, anon, authenticated, service_role;
comment on function private.client_of(text) is 'A client''s key from its address: IPv4 as it is, IPv6 as its /64, IPv4-mapped IPv6 as the IPv4 address, anything else as it is.';
