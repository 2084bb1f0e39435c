CREATE OR REPLACE FUNCTION private.network_of(p_address text, p_bits integer)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v inet;
begin
  -- Only an IPv6 address has a colon; the rest returns before the exception block (a subtransaction,
  -- a cost on every event).
  if position(':' in p_address) = 0 then
    return null;
  end if;
  begin
    v := p_address::inet;
  exception when others then
    return null;
  end;
  if family(v) <> 6 or v << '::ffff:0:0/96'::inet then
    return null;
  end if;
  return network(set_masklen(v, p_bits))::text;
end;
$function$;
revoke all on function private.network_of(text,integer) from public, anon, authenticated, service_role;
comment on function private.network_of(text,integer) is 'An IPv6 address''s network of the given prefix length as text with its length; null for IPv4, IPv4-mapped IPv6 and anything that is not an address.';
