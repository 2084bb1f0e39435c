CREATE OR REPLACE FUNCTION sales.roll_up()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_parts text[] := '{}';
  v_plus text := sales.daily_sales_columns(1, 'r.reference');
  v_minus text := sales.daily_sales_columns(-1, 'r.reference');
  v_claimed boolean := false;
begin
  if tg_table_name = 'orders' then
    -- An order counts with the buy click its reference matches now (the references did not change in this statement).
    if tg_op in ('INSERT', 'UPDATE') then
      v_parts := v_parts || format('select %s from new_rows o left join analytics.buy_references r on r.reference = o.reference', v_plus);
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      v_parts := v_parts || format('select %s from old_rows o left join analytics.buy_references r on r.reference = o.reference', v_minus);
    end if;
  else
    -- A buy click arriving (or leaving): the orders claiming its reference move from unattributed to it (or back).
    -- Almost always none does (the click comes first, and the fold deletes only unclaimed ones): then
    -- the click costs track() this one lookup.
    if tg_op in ('INSERT', 'UPDATE') then
      v_claimed := exists (select from new_rows x join sales.orders o on o.reference = x.reference);
    end if;
    if tg_op in ('DELETE', 'UPDATE') and not v_claimed then
      v_claimed := exists (select from old_rows x join sales.orders o on o.reference = x.reference);
    end if;
    if not v_claimed then
      return null;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      v_parts := v_parts
        || format('select %s from new_rows r join sales.orders o on o.reference = r.reference', v_plus)
        || format('select %s from new_rows x join sales.orders o on o.reference = x.reference left join analytics.buy_references r on false',
             sales.daily_sales_columns(-1, 'null::text'));
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      v_parts := v_parts
        || format('select %s from old_rows r join sales.orders o on o.reference = r.reference', v_minus)
        || format('select %s from old_rows x join sales.orders o on o.reference = x.reference left join analytics.buy_references r on false',
             sales.daily_sales_columns(1, 'null::text'));
    end if;
  end if;
  execute sales.daily_sales_delta_sql(array_to_string(v_parts, ' union all '));
  return null;
end;
$function$;
revoke all on function sales.roll_up() from public, anon, authenticated, service_role;
comment on function sales.roll_up() is NULL;
