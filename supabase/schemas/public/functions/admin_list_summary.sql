CREATE OR REPLACE FUNCTION public.admin_list_summary(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_list_admin('read the list');
  perform analytics.check_range(p_from, p_to);
  return jsonb_build_object(
    'counts', (select jsonb_build_object(
        'pending', count(*) filter (where status = 'pending'),
        'confirmed', count(*) filter (where status = 'confirmed'),
        'unsubscribed', count(*) filter (where status = 'unsubscribed'),
        'bounced', count(*) filter (where status = 'bounced'),
        'complained', count(*) filter (where status = 'complained'))
      from public.email_captures),
    -- Addresses the forms took in the range, per page: how many were ever confirmed.
    'sources', coalesce((
      select jsonb_agg(jsonb_build_object('route', route, 'captured', captured, 'confirmed', confirmed,
          'rate', round(confirmed::numeric / captured, 4)) order by captured desc, route nulls last)
      from (select s.consent_route as route, count(*)::integer as captured, (count(*) filter (where s.confirmed_at is not null))::integer as confirmed
            from public.email_captures s
            where s.source = 'starter_kit' and (s.consented_at at time zone 'utc')::date between p_from and p_to
            group by s.consent_route) r), '[]'),
    -- Per UTC day: addresses given, confirmations, departures (of the addresses still on the list).
    'days', (
      select jsonb_agg(jsonb_build_object('day', g.day::date, 'captured', coalesce(c.n, 0), 'confirmed', coalesce(f.n, 0),
          'unsubscribed', coalesce(u.n, 0)) order by g.day)
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') g(day)
      left join (select (s.consented_at at time zone 'utc')::date as day, count(*) as n from public.email_captures s group by 1) c on c.day = g.day::date
      left join (select (s.confirmed_at at time zone 'utc')::date as day, count(*) as n from public.email_captures s group by 1) f on f.day = g.day::date
      left join (select (s.unsubscribed_at at time zone 'utc')::date as day, count(*) as n from public.email_captures s group by 1) u on u.day = g.day::date),
    'wordings', coalesce((
      select jsonb_agg(jsonb_build_object('version', w.version, 'wording', w.wording, 'first_published_at', w.first_published_at) order by w.first_published_at, w.version)
      from private.consent_wordings w), '[]'));
end;
$function$;
revoke all on function admin_list_summary(date,date) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_list_summary(date,date) to authenticated;
comment on function admin_list_summary(date,date) is 'The list screen: counts by status; per source page, addresses the forms took in [p_from, p_to] and how many were confirmed (rate); per UTC day, addresses given, confirmed and unsubscribed; the privacy wordings by version. Admins at aal2 only.';
