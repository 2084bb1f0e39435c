CREATE OR REPLACE FUNCTION public.admin_erase_subscriber(p_email text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
begin
  perform private.require_list_admin('erase a subscriber');
  select id into v_id from public.email_captures where email = lower(btrim(p_email));
  if not found then
    return false;
  end if;
  return private.erase_subscriber(v_id);
end;
$function$;
revoke all on function admin_erase_subscriber(text) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_erase_subscriber(text) to authenticated;
comment on function admin_erase_subscriber(text) is 'Every trace of one address: its row and consent record, its tokens; its deliveries stay for the counts, without it. False when the address is not on the list. Admins at aal2 only.';
