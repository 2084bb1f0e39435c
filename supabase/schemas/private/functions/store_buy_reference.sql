CREATE OR REPLACE FUNCTION private.store_buy_reference(p_reference text, p_visitor bytea, p_body jsonb, p_experiment text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_day date := (now() at time zone 'utc')::date;
begin
  insert into analytics.buy_references (reference, route, block_id, block_type, product, variant, experiment,
    referrer_host, utm_source, utm_medium, utm_campaign, device, steps, viewed)
  select p_reference, p_body ->> 'r', p_body ->> 'b', p_body ->> 't', p_body ->> 'p', p_body ->> 'v', p_experiment,
    t.referrer_host, t.utm_source, t.utm_medium, t.utm_campaign, t.device, private.visit_steps(v_day, p_visitor),
    exists (select 1 from analytics.events v where v.day = v_day and v.visitor = p_visitor and v.kind = 'view' and v.route = p_body ->> 'r')
  from (
    select
      (array_agg(ev.referrer_host order by ev.at, ev.id) filter (where ev.referrer_host is not null))[1] as referrer_host,
      (array_agg(ev.utm_source order by ev.at, ev.id) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null))[1] as utm_source,
      (array_agg(ev.utm_medium order by ev.at, ev.id) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null))[1] as utm_medium,
      (array_agg(ev.utm_campaign order by ev.at, ev.id) filter (where coalesce(ev.utm_source, ev.utm_medium, ev.utm_campaign) is not null))[1] as utm_campaign,
      (array_agg(ev.device order by ev.at, ev.id) filter (where ev.device is not null))[1] as device
    from analytics.events ev where ev.day = v_day and ev.visitor = p_visitor
  ) t
  on conflict (reference) do nothing;
end;
$function$;
revoke all on function private.store_buy_reference(text,bytea,jsonb,text) from public, anon, authenticated, service_role;
comment on function private.store_buy_reference(text,bytea,jsonb,text) is NULL;
