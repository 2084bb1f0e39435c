CREATE OR REPLACE FUNCTION public.admin_funnel_sales(p_from date, p_to date, p_steps jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_regex text := '';
  v_i integer;
begin
  perform analytics.check_range(p_from, p_to);
  if jsonb_typeof(p_steps) is distinct from 'array' or jsonb_array_length(p_steps) not between 2 and 8 then
    raise exception 'invalid funnel: p_steps must be an array of 2 to 8 steps' using errcode = '22023';
  end if;
  for v_i in 0 .. jsonb_array_length(p_steps) - 1 loop
    v_regex := v_regex || case when v_i > 0 then '.*' else '' end || analytics.step_regex(p_steps -> v_i, format('step %s', v_i));
  end loop;
  return coalesce((
    select jsonb_agg(jsonb_build_object('currency', currency) || sales.money(n, nr, g, r) order by currency)
    from (select currency, sum(n)::bigint as n, sum(nr)::bigint as nr, sum(g) as g, sum(r) as r
          -- The funnel's expression runs once for each distinct path.
          from (select d.key -> 'steps' as steps, d.key ->> 'currency' as currency, sum(d.orders) as n, sum(d.refunded_orders) as nr,
                  sum(d.gross_minor) as g, sum(d.refunded_minor) as r
                from sales.daily_sales d where d.panel = 'paths' and d.day between p_from and p_to
                group by 1, 2 having sum(d.orders) <> 0) p
          where (' ' || coalesce((select string_agg(s.token, ' ' order by s.n) from jsonb_array_elements_text(p.steps) with ordinality s(token, n)), '') || ' ') ~ v_regex
          group by currency) m), '[]');
end;
$function$;
revoke all on function admin_funnel_sales(date,date,jsonb) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_funnel_sales(date,date,jsonb) to authenticated;
comment on function admin_funnel_sales(date,date,jsonb) is 'Per currency, the orders (and their money) whose buy click ended a visitor-day that took the funnel''s steps in order. Admins at aal2 only.';
