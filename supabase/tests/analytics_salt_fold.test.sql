-- The daily fold rotates the salt (20251222000100_fold_rotates_salt.sql): after a day without a single
-- event, analytics.fold() alone replaces yesterday's salt with today's and deletes the old one and the
-- bot verdicts keyed by it; no event is needed, none is written.
begin;
select no_plan();

delete from analytics.events;
delete from private.analytics_salt;
delete from private.agent_verdicts;

-- Yesterday's salt and a verdict keyed by it, as a day with traffic leaves them; nothing today.
insert into private.analytics_salt (day, salt) values ((now() at time zone 'utc')::date - 1, '\x0102030405060708');
insert into private.agent_verdicts (agent_hash, bot) values (sha256('\x0102030405060708'::bytea || convert_to('Mozilla/5.0', 'UTF8')), false);

select lives_ok($$select analytics.fold()$$, 'the fold runs (as cron would, no API claims)');
select is((select count(*)::int from analytics.events), 0, 'no event was written');
select is((select count(*)::int from private.analytics_salt where salt = '\x0102030405060708'), 0, 'yesterday''s salt is gone');
select is((select count(*)::int from private.analytics_salt where day < (now() at time zone 'utc')::date), 0, 'no salt of a past day is left');
select is((select array_agg(day) from private.analytics_salt), array[(now() at time zone 'utc')::date], 'one salt: today''s');
select is((select octet_length(salt) from private.analytics_salt), 32, 'random, 32 bytes');
select is((select count(*)::int from private.agent_verdicts), 0, 'the verdicts keyed by the old salt are gone with it');

-- A second fold the same day keeps today's salt: visitors of one day stay one visitor.
create temporary table today_salt on commit drop as select salt from private.analytics_salt;
select lives_ok($$select analytics.fold()$$, 'a second fold');
select is((select salt from private.analytics_salt), (select salt from today_salt), 'today''s salt is kept within the day');

select * from finish();
rollback;
