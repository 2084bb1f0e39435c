-- An IPv6 client is its /64 (20251222000200_ipv6_clients_by_64.sql): two addresses of one /64 with one
-- browser are one visitor and share one per-client hourly window; another /64 is another client. IPv4
-- addresses stay whole, an IPv4-mapped IPv6 address is its IPv4 address, and the pixel's server names
-- an IPv6 visitor by its /64 too.
begin;
select no_plan();

update private.hourly_limits set per_hour = 1000 where action = 'events';
delete from public.rate_limit_windows where action = 'events';
delete from analytics.events;

create function pg_temp.track_from(p_headers json, p_body text default '{"k":"view","r":"/","d":"desktop"}')
returns jsonb language plpgsql as $$
begin
  perform set_config('request.headers', p_headers::text, true);
  perform set_config('response.status', '', true);
  return public.track(p_body)::jsonb;
end;
$$;
create function pg_temp.track_as(p_ip text) returns jsonb language sql as $$
  select pg_temp.track_from(json_build_object('cf-connecting-ip', p_ip, 'user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0'))
$$;
create function pg_temp.visitor_of(p_client text) returns bytea language sql as $$
  select sha256((select salt from private.analytics_salt) || convert_to((select site from analytics.settings) || chr(10) || p_client || chr(10) || 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0', 'UTF8'))
$$;
grant execute on all functions in schema pg_temp to anon;

-- The key itself.
select is(private.client_of('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64', 'an IPv6 address is keyed by its /64');
select is(private.client_of('2001:DB8:1:2::1'), '2001:db8:1:2::/64', 'written any way');
select is(private.client_of('192.0.2.10'), '192.0.2.10', 'an IPv4 address is kept whole');
select is(private.client_of('::ffff:192.0.2.10'), '192.0.2.10', 'an IPv4-mapped IPv6 address is its IPv4 address');
select is(private.client_of('unknown'), 'unknown', 'no address: the one shared client, as before');

-- The visitor hash.
set local role anon;
select is(pg_temp.track_as('2001:db8:1:2::10'), null, 'a view from one address of a /64');
select is(pg_temp.track_as('2001:db8:1:2:8f3a:11ff:fe22:3344'), null, 'and from another address of the same /64');
select is(pg_temp.track_as('2001:db8:1:3::10'), null, 'and from the next /64');
select is(pg_temp.track_as('192.0.2.10'), null, 'an IPv4 address');
select is(pg_temp.track_as('192.0.2.11'), null, 'and its neighbour');
reset role;
select is((select count(distinct visitor)::int from analytics.events), 4, 'one /64 is one visitor; another /64 and each IPv4 address another');
select is((select count(*)::int from analytics.events where visitor = pg_temp.visitor_of('2001:db8:1:2::/64')), 2, 'the visitor is the hash of the /64');
select is((select count(*)::int from analytics.events where visitor = pg_temp.visitor_of('192.0.2.10')), 1, 'an IPv4 visitor is the hash of the address');
select is((select count(*)::int from analytics.events e where encode(e.visitor, 'escape') ~ '2001|8f3a'), 0, 'no address stored');

-- The per-client hourly window: a client cannot pass its cap by walking its /64.
delete from public.rate_limit_windows where action = 'events';
update private.hourly_limits set per_hour = 3 where action = 'events' and scope = 'client';
set local role anon;
select is(pg_temp.track_as('2001:db8:9:9::' || to_hex(g)), null, 'within the cap, each from a new address of one /64') from generate_series(1, 3) g;
select is(pg_temp.track_as('2001:db8:9:9:ffff::1') ->> 'code', 'rate_limited', 'past the cap from yet another address of that /64: refused');
select is(current_setting('response.status', true), '429', 'with HTTP 429');
select is(pg_temp.track_as('2001:db8:9:a::1'), null, 'the next /64 is another client');
reset role;
select is((select count(*)::int from public.rate_limit_windows where action = 'events' and scope = 'client'), 2, 'two client windows: one per /64');

-- The pixel's server names an IPv6 visitor: keyed by the /64 the same way.
delete from public.rate_limit_windows where action = 'events';
update private.hourly_limits set per_hour = 1000 where action = 'events';
insert into private.analytics_proxy (key_sha256) values (sha256(convert_to('the test proxy secret, 32 characters or more', 'UTF8')))
on conflict (id) do update set key_sha256 = excluded.key_sha256;
set local role anon;
select is(pg_temp.track_from(json_build_object('cf-connecting-ip', '2a06:98c0:3600::103', 'x-analytics-client', '2001:db8:1:2::77',
  'x-analytics-key', 'the test proxy secret, 32 characters or more', 'user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')), null, 'a view through the pixel''s server');
reset role;
select is((select visitor from analytics.events order by id desc limit 1), pg_temp.visitor_of('2001:db8:1:2::/64'), 'is the visitor of that /64, not of the server');

-- An empty or short key is never believed, and the hash of an empty text cannot be stored: it is what
-- sha256sum prints for a secret variable that was never set.
select throws_ok($$update private.analytics_proxy set key_sha256 = sha256(''::bytea)$$, '23514', null, 'the hash of an empty key cannot be stored');
update private.analytics_proxy set key_sha256 = sha256(convert_to('short', 'UTF8'));
set local role anon;
select is(pg_temp.track_from(json_build_object('cf-connecting-ip', '198.51.100.90', 'x-analytics-client', '203.0.113.9',
  'x-analytics-key', 'short', 'user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')), null, 'a view with a short key');
reset role;
select is((select visitor from analytics.events order by id desc limit 1), pg_temp.visitor_of('198.51.100.90'), 'a short key, even the stored one''s, does not name the client: the address Cloudflare wrote does');

select * from finish();
rollback;
