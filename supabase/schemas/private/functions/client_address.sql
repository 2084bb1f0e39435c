CREATE OR REPLACE FUNCTION private.client_address()
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return private.client_of(private.client_edge_address());
end;
$function$;
revoke all on function private.client_address() from public, anon, authenticated, service_role;
comment on function private.client_address() is 'The client as the visitor hash and the per-client limits key it: private.client_of(the address the request named).';
