CREATE OR REPLACE FUNCTION private.count_form(p_action text, p_proof text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_refused json := private.count_client(p_action);
begin
  if v_refused is not null then
    return v_refused;
  end if;
  if not private.count_site(p_action) or private.spend_proof(p_action, p_proof) then
    return null;
  end if;
  v_refused := private.refusal(429, 'rate_limited', 'too many requests to this site this hour',
    'Many visitors are sending at once: solve the challenge in details (ALTCHA, SHA-256) and send again with p_altcha.',
    ceil(extract(epoch from (date_trunc('hour', now()) + interval '1 hour' - now())))::integer);
  return (v_refused::jsonb || jsonb_build_object('details', private.issue_challenge(p_action)))::json;
end;
$function$;
revoke all on function private.count_form(text,text) from public, anon, authenticated, service_role;
comment on function private.count_form(text,text) is 'Counts a form''s attempt (private.count_client, private.count_site); past the site-wide breaker, a solved challenge (p_proof) lets it through; else the 429 answer with a new challenge in details.';
