CREATE OR REPLACE FUNCTION public.admin_queue_newsletter(p_newsletter text, p_subject text DEFAULT NULL::text, p_dry_run boolean DEFAULT false)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_queued integer;
begin
  perform private.require_list_admin('send a newsletter');
  if p_newsletter is null or p_newsletter !~ '^[a-z0-9][a-z0-9-]*$' or char_length(p_newsletter) > 64 then
    raise exception 'invalid newsletter: p_newsletter is its slug' using errcode = '22023';
  end if;
  if p_newsletter in ('welcome', 'confirmation') then
    raise exception 'invalid newsletter: % is sent by the list itself, one subscriber at a time', p_newsletter using errcode = '22023';
  end if;
  if char_length(p_subject) > 300 then
    raise exception 'invalid subject: at most 300 characters' using errcode = '22023';
  end if;
  if coalesce(p_dry_run, false) then
    -- How many a send would queue now: the confirm dialog's figure.
    return (select count(*) from public.email_captures s
            where s.status = 'confirmed'
              and not exists (select 1 from list.deliveries d where d.newsletter = p_newsletter and d.subscriber_id = s.id));
  end if;
  insert into list.sends as x (newsletter, subject) values (p_newsletter, p_subject)
  on conflict (newsletter) do update set last_queued_at = now(), subject = coalesce(excluded.subject, x.subject);
  insert into list.deliveries (newsletter, subscriber_id)
  select p_newsletter, s.id from public.email_captures s where s.status = 'confirmed' order by s.id
  on conflict (newsletter, subscriber_id) do nothing;
  get diagnostics v_queued = row_count;
  perform pg_notify('list_mail', 'deliveries');
  return v_queued;
end;
$function$;
revoke all on function admin_queue_newsletter(text,text,boolean) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_queue_newsletter(text,text,boolean) to authenticated;
comment on function admin_queue_newsletter(text,text,boolean) is 'Queues one delivery of the newsletter per confirmed subscriber that has none yet (a second send queues nothing new); returns how many. With p_dry_run, only counts them. Admins at aal2 only.';
