CREATE OR REPLACE FUNCTION public.admin_import_subscribers(p_rows jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_i integer := 0;
  v_email text;
  v_status text;
  v_consented timestamptz;
  v_wording text;
  v_current text;
  v_problem text;
  v_inserted integer := 0;
  v_existing integer := 0;
  v_suppressed integer := 0;
  v_pending integer := 0;
  v_skipped jsonb := '[]';
begin
  perform private.require_list_admin('import subscribers');
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'invalid import: p_rows is an array of rows' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > 100000 then
    raise exception 'invalid import: at most 100000 rows at once' using errcode = '22023';
  end if;
  for v_row in select value from jsonb_array_elements(p_rows) loop
    v_i := v_i + 1;
    v_problem := null;
    v_email := lower(btrim(v_row ->> 'email'));
    v_status := coalesce(nullif(btrim(v_row ->> 'status'), ''), 'pending');
    v_wording := nullif(btrim(v_row ->> 'consent_wording'), '');
    v_consented := null;
    if jsonb_typeof(v_row) <> 'object' then
      v_problem := 'not a row';
    elsif v_status not in ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained') then
      v_problem := 'status is not pending, confirmed, unsubscribed, bounced or complained';
    elsif v_wording is not null and v_wording !~ '^[0-9a-f]{16}$' then
      v_problem := 'consent_wording is not 16 hex digits';
    else
      begin
        v_consented := nullif(btrim(v_row ->> 'consented_at'), '')::timestamptz;
        if v_consented > now() then
          v_problem := 'consented_at is in the future';
        end if;
      exception when others then
        v_problem := 'consented_at is not a date and time';
      end;
    end if;
    -- Without a consent date nobody is confirmed: pending, and asked.
    if v_status = 'confirmed' and v_consented is null then
      v_status := 'pending';
    end if;
    if v_problem is null then
      select status into v_current from public.email_captures where email = v_email;
      if found then
        -- The list's own record wins: an import never confirms nor brings back an address already
        -- here; it may only suppress one.
        if v_status in ('unsubscribed', 'bounced', 'complained') and v_current in ('pending', 'confirmed') then
          update public.email_captures
          set status = v_status, status_changed_at = now(), confirm_due_at = null,
              unsubscribed_at = case when v_status = 'unsubscribed' then now() else unsubscribed_at end
          where email = v_email;
          v_suppressed := v_suppressed + 1;
        else
          v_existing := v_existing + 1;
        end if;
        continue;
      end if;
      begin
        insert into public.email_captures (email, source, status, status_changed_at, consented_at, consent_route, consent_form, consent_wording, confirm_due_at)
        values (v_email, 'import', v_status, now(), v_consented,
          left(nullif(btrim(v_row ->> 'consent_route'), ''), 500), left(nullif(btrim(v_row ->> 'consent_form'), ''), 200), v_wording,
          case when v_status = 'pending' then now() end);
        v_inserted := v_inserted + 1;
        if v_status = 'pending' then
          v_pending := v_pending + 1;
        end if;
      exception when check_violation or not_null_violation then
        v_problem := case when v_email is null or v_email !~ '@' then 'not an e-mail address' else 'invalid e-mail address or consent record' end;
      end;
    end if;
    if v_problem is not null then
      -- The first hundred refusals are named; every one is counted.
      if jsonb_array_length(v_skipped) < 100 then
        v_skipped := v_skipped || jsonb_build_object('row', v_i, 'email', left(v_row ->> 'email', 254), 'reason', v_problem);
      end if;
    end if;
  end loop;
  if v_pending > 0 then
    perform pg_notify('list_mail', 'confirmations');
  end if;
  return jsonb_build_object('rows', v_i, 'inserted', v_inserted, 'pending', v_pending, 'existing', v_existing,
    'suppressed', v_suppressed, 'refused', v_i - v_inserted - v_existing - v_suppressed, 'refusals', v_skipped);
end;
$function$;
revoke all on function admin_import_subscribers(jsonb) from public, anon, authenticated, service_role;
grant EXECUTE on function admin_import_subscribers(jsonb) to authenticated;
comment on function admin_import_subscribers(jsonb) is 'Imports rows {email, status, consented_at, consent_route, consent_form, consent_wording}: a new address keeps its status, except that one without a consent date is pending and gets a confirmation, never confirmed; an address already on the list is left as it is unless the row suppresses it. Returns the counts and the first 100 refusals by row. Admins at aal2 only.';
