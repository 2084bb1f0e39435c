CREATE OR REPLACE FUNCTION public.admin_insights(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
begin
  perform analytics.check_range(p_from, p_to);
  return (
    -- The unfolded days' rows, computed once; each panel reads its stored rows by (panel, day).
    with t as materialized (select * from analytics.screen_rows(p_from, p_to, false)),
    d as not materialized (
      select * from analytics.daily_screen s where s.day between p_from and p_to
      union all
      select * from t)
    select jsonb_build_object(
      'totals', (select jsonb_build_object(
          'visitors', coalesce(sum(visitors) filter (where kind = 'visit'), 0),
          'views', coalesce(sum(events) filter (where kind = 'view'), 0),
          'buys', coalesce(sum(events) filter (where kind = 'buy'), 0),
          'buyers', coalesce(sum(visitors) filter (where kind = 'buy'), 0),
          'unviewedBuys', coalesce(sum(events) filter (where kind = 'buy-unviewed'), 0),
          'captures', coalesce(sum(events) filter (where kind = 'capture'), 0),
          'contacts', coalesce(sum(events) filter (where kind = 'contact'), 0),
          'previews', coalesce(sum(events) filter (where kind = 'preview'), 0),
          'notFound', coalesce(sum(events) filter (where kind = '404'), 0),
          'buyValueCents', coalesce(sum(value_cents) filter (where kind = 'buy'), 0)) from d where panel = 'kinds'),
      'daily', (select jsonb_agg(jsonb_build_object(
          'day', to_char(g.day, 'YYYY-MM-DD'),
          'visitors', coalesce(x.visitors, 0), 'views', coalesce(x.views, 0),
          'buys', coalesce(x.buys, 0), 'captures', coalesce(x.captures, 0)) order by g.day)
        from generate_series(p_from, p_to, interval '1 day') as g(day)
        left join (
          select day,
            sum(visitors) filter (where kind = 'visit') as visitors, sum(events) filter (where kind = 'view') as views,
            sum(events) filter (where kind = 'buy') as buys, sum(events) filter (where kind = 'capture') as captures
          from d where panel = 'kinds' group by day) x on x.day = g.day::date),
      'pages', coalesce((select jsonb_agg(jsonb_build_object(
          'route', route, 'views', views, 'visitors', visitors, 'buys', buys, 'buyers', buyers, 'unviewedBuys', unviewed, 'captures', captures,
          'ctas', ctas, 'buyValueCents', value) order by views desc, route)
        from (select route,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'view'), 0) as visitors,
            coalesce(sum(events) filter (where kind = 'buy'), 0) as buys,
            coalesce(sum(visitors) filter (where kind = 'buy'), 0) as buyers,
            coalesce(sum(events) filter (where kind = 'buy-unviewed'), 0) as unviewed,
            coalesce(sum(events) filter (where kind = 'capture'), 0) as captures,
            coalesce(sum(events) filter (where kind = 'cta'), 0) as ctas,
            coalesce(sum(value_cents) filter (where kind = 'buy'), 0) as value
          from d where panel = 'pages' and kind <> 'visit' group by route) p), '[]'),
      'referrers', coalesce((select jsonb_agg(jsonb_build_object('host', host, 'views', views, 'visitors', visitors) order by visitors desc, host)
        from (select referrer_host as host,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'visit'), 0) as visitors
          from d where panel = 'referrers' and referrer_host is not null group by referrer_host) r), '[]'),
      'campaigns', coalesce((select jsonb_agg(jsonb_build_object('source', utm_source, 'medium', utm_medium, 'campaign', utm_campaign,
            'views', views, 'visitors', visitors) order by visitors desc, utm_source, utm_medium, utm_campaign)
        from (select utm_source, utm_medium, utm_campaign,
            coalesce(sum(events) filter (where kind = 'view'), 0) as views,
            coalesce(sum(visitors) filter (where kind = 'visit'), 0) as visitors
          from d where panel = 'campaigns' and coalesce(utm_source, utm_medium, utm_campaign) is not null
          group by utm_source, utm_medium, utm_campaign) c), '[]'),
      'blocks', coalesce((select jsonb_agg(jsonb_build_object('route', route, 'blockId', block_id, 'blockType', block_type, 'clicks', clicks)
            order by route, clicks desc, block_id)
        from (select route, block_id, block_type, sum(events) as clicks
          from d where panel = 'blocks' and kind = 'cta' group by route, block_id, block_type) b), '[]'),
      'products', coalesce((select jsonb_agg(jsonb_build_object('product', product, 'route', route, 'buys', buys, 'buyValueCents', value)
            order by buys desc, product, route)
        from (select product, route, sum(events) as buys, sum(value_cents) as value
          from d where panel = 'products' and kind = 'buy' group by product, route) b), '[]'),
      'devices', coalesce((select jsonb_agg(jsonb_build_object('device', device, 'views', views) order by views desc, device)
        from (select device, sum(events) as views from d where panel = 'devices' and kind = 'view' and device is not null group by device) v), '[]'))
  );
end;
$function$;
revoke all on function admin_insights(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_insights(date,date) to authenticated;
comment on function admin_insights(date,date) is 'The /admin/insights numbers for [p_from, p_to] (UTC days): rollups plus the raw events of unfolded days. Admins at aal2 only (others read zeros, by the tables'' policies).';
