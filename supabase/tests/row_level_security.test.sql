-- Every table in the API's schema has row-level security on: a table added without it would be
-- readable and writable by anyone holding the public key (Supabase grants new tables to the API
-- roles). tests/db also checks that each table is named by one of these files.
begin;
select no_plan();

select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity$$,
  'every table in public has row-level security on'
);
select ok((select relrowsecurity from pg_class where oid = 'storage.objects'::regclass), 'storage.objects has row-level security on');
select schema_privs_are('private', 'anon', array[]::text[], 'anon has no use of the private schema');
select schema_privs_are('private', 'authenticated', array[]::text[], 'authenticated has no use of the private schema');
-- The policies' helper: authenticated may call it (policies run as the caller), anon nothing.
select schema_privs_are('rls', 'anon', array[]::text[], 'anon has no use of the rls schema');
select functions_are('rls', array['session_is_live'], 'the rls schema holds the live-session check only');

select * from finish();
rollback;
