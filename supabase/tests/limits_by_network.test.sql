-- An IPv6 client is counted at its /64, /56 and /48 at once (20251229000000_limits_by_network.sql):
-- however many /64s of one /48 a host uses, the site-wide count sees at most the /48's budget, so
-- it cannot close a form for everyone; an IPv4 client is counted as before.
begin;
select no_plan();

-- The shipped budgets, as a person reads them: each wider prefix has a larger one, the /48's below the site's.
select ok((select bool_and(n56.per_hour > c.per_hour and n48.per_hour > n56.per_hour and s.per_hour > n48.per_hour)
           from private.hourly_limits c
           join private.hourly_limits n56 on n56.action = c.action and n56.scope = 'client56'
           join private.hourly_limits n48 on n48.action = c.action and n48.scope = 'client48'
           join private.hourly_limits s on s.action = c.action and s.scope = 'site'
           where c.scope = 'client'), 'every action: /64 < /56 < /48 < the whole site');

create function pg_temp.send_from(p_edge text, p_message text default '')
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', json_build_object('cf-connecting-ip', p_edge)::text, true);
  return public.send_contact_message('Pg', 'Tap', 'pgtap-networks@example.com', 'networks', p_message)::jsonb;
end;
$$;
grant execute on function pg_temp.send_from(text, text) to anon;

-- Sums what the site-wide breaker counted this hour.
create function pg_temp.site_count() returns integer language sql as $$
  select coalesce(sum(requests), 0)::integer from public.rate_limit_windows
  where action = 'contact_messages' and scope = 'site' and window_start = date_trunc('hour', now())
$$;

-- Sends `p_each` invalid messages from each of `p_count` /64s of 2001:db8:40::/48, walking its /56s
-- as it goes (a /64 index's high byte is its /56); returns how many were not refused by a client or
-- network budget (they reached the site-wide count).
create function pg_temp.flood(p_count integer, p_each integer) returns integer language plpgsql as $$
declare
  v_passed integer := 0;
  v_answer jsonb;
begin
  for i in 0 .. p_count - 1 loop
    for j in 1 .. p_each loop
      v_answer := pg_temp.send_from(format('2001:db8:40:%s::%s', to_hex(i), to_hex(j)));
      if v_answer ->> 'message' <> 'too many requests from this client' then
        v_passed := v_passed + 1;
      end if;
    end loop;
  end loop;
  return v_passed;
end;
$$;
grant execute on function pg_temp.flood(integer, integer) to anon;

-- The issue's figures: 21 invalid messages from each of 10 /64s of one /48.
delete from public.rate_limit_windows;
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select is(pg_temp.flood(10, 21), 50, '10 /64s x 21 invalid messages: only the /56''s budget (all ten share one /56) reaches the site-wide count');
reset role;
select is(pg_temp.site_count(), 50, 'the site-wide count holds those 50 only');
select ok(pg_temp.site_count() <= (select per_hour from private.hourly_limits where action = 'contact_messages' and scope = 'site'), 'the site-wide cap is not reached');
set local role anon;
select is(pg_temp.send_from('127.0.0.1', 'a genuine message'), null, 'a genuine IPv4 sender is then accepted');
select is(pg_temp.send_from('192.0.2.77', 'another genuine message'), null, 'and another IPv4 host');
select is(pg_temp.send_from('2001:db8:41::1', 'a genuine message from another /48'), null, 'and an IPv6 host of another /48');
reset role;

-- 10, 300 and 5,000 /64s of one /48, one message each: never more than the /48's budget.
create temporary table spread (clients integer, passed integer, site integer) on commit drop;
grant select, insert on spread to anon;
do $$
declare
  v_clients integer;
  v_passed integer;
begin
  foreach v_clients in array array[10, 300, 5000] loop
    delete from public.rate_limit_windows;
    set local role anon;
    v_passed := pg_temp.flood(v_clients, 1);
    reset role;
    insert into spread values (v_clients, v_passed, pg_temp.site_count());
  end loop;
end;
$$;
select is((select passed from spread where clients = 10), 10, '10 /64s of one /48, one message each: all within budget');
select ok((select passed from spread where clients = 300)
          <= (select per_hour from private.hourly_limits where action = 'contact_messages' and scope = 'client48'),
          '300 /64s (2 /56s): at most the /48''s budget gets through');
select is((select passed from spread where clients = 5000),
          (select per_hour from private.hourly_limits where action = 'contact_messages' and scope = 'client48'),
          '5,000 /64s (20 /56s): still exactly the /48''s budget');
select ok((select bool_and(site <= (select per_hour from private.hourly_limits where action = 'contact_messages' and scope = 'client48')) from spread),
          'in every case the site-wide count stays within the /48''s budget');
select is((select count(*)::int from public.rate_limit_windows where action = 'contact_messages' and scope = 'client48'), 1,
          'the 5,000 /64s were counted as one /48');

-- IPv4 and IPv4-mapped clients are counted by address alone, as before.
delete from public.rate_limit_windows;
set local role anon;
select pg_temp.send_from('198.51.100.7');
select pg_temp.send_from('::ffff:198.51.100.8');
reset role;
select is((select array_agg(distinct scope) from public.rate_limit_windows where action = 'contact_messages' and scope <> 'site'), array['client'],
          'IPv4 and IPv4-mapped IPv6: only the per-client count');
select is(private.network_of('2001:db8:1:2:3::4', 56), '2001:db8:1::/56', 'a /56 is written with its length');
select is(private.network_of('unknown', 48), null, 'not an address: no network');

-- The analytics cap is kept the same way: one /55 (two /56s) cannot trip its breaker.
select ok((select 2 * per_hour from private.hourly_limits where action = 'events' and scope = 'client56')
          < (select per_hour from private.hourly_limits where action = 'events' and scope = 'site'), 'two /56s of events stay far below the analytics breaker');

select * from finish();
rollback;
