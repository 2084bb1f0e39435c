CREATE OR REPLACE FUNCTION private.is_bot_cached(p_agent text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_hash bytea := sha256(private.analytics_salt_today() || convert_to(p_agent, 'UTF8'));
  v_bot boolean;
begin
  select bot into v_bot from private.agent_verdicts where agent_hash = v_hash;
  if v_bot is null then
    v_bot := private.is_bot(p_agent);
    insert into private.agent_verdicts (agent_hash, bot) values (v_hash, v_bot) on conflict (agent_hash) do nothing;
  end if;
  return v_bot;
end;
$function$;
revoke all on function private.is_bot_cached(text) from public, anon, authenticated, service_role;
comment on function private.is_bot_cached(text) is NULL;
