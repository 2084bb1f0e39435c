CREATE OR REPLACE FUNCTION public.admin_newsletter_stats()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_list_admin('read the newsletters'' figures');
  return coalesce((
    select jsonb_agg(jsonb_build_object(
        'newsletter', x.newsletter, 'subject', x.subject, 'first_queued_at', x.first_queued_at, 'last_queued_at', x.last_queued_at,
        'total', coalesce(d.total, 0), 'queued', coalesce(d.queued, 0), 'sent', coalesce(d.sent, 0), 'failed', coalesce(d.failed, 0),
        'bounced', coalesce(d.bounced, 0), 'complained', coalesce(d.complained, 0), 'skipped', coalesce(d.skipped, 0),
        'unsubscribed_after', coalesce(d.unsubscribed_after, 0))
      order by x.last_queued_at desc, x.newsletter)
    from list.sends x
    left join (
      select newsletter,
        count(*)::integer as total,
        (count(*) filter (where status in ('queued', 'sending')))::integer as queued,
        -- Every mail the provider took, those that bounced or drew a complaint later included.
        (count(*) filter (where status in ('sent', 'bounced', 'complained')))::integer as sent,
        (count(*) filter (where status = 'failed'))::integer as failed,
        (count(*) filter (where status = 'bounced'))::integer as bounced,
        (count(*) filter (where status = 'complained'))::integer as complained,
        (count(*) filter (where status = 'skipped'))::integer as skipped,
        (count(*) filter (where unsubscribed_at is not null))::integer as unsubscribed_after
      from list.deliveries group by newsletter
    ) d on d.newsletter = x.newsletter), '[]');
end;
$function$;
revoke all on function admin_newsletter_stats() from public, anon, authenticated, service_role;
grant EXECUTE on function admin_newsletter_stats() to authenticated;
comment on function admin_newsletter_stats() is 'Per newsletter: total deliveries, queued (waiting or being sent), sent (the provider took it), failed, bounced, complained, skipped (no longer confirmed at send time), unsubscribed after (through this newsletter''s link). Admins at aal2 only.';
