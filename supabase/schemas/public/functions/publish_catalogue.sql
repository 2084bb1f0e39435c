CREATE OR REPLACE FUNCTION public.publish_catalogue(p_catalogue jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_products jsonb := coalesce(p_catalogue -> 'products', '[]');
  v_experiments jsonb := coalesce(p_catalogue -> 'experiments', '[]');
  v_routes jsonb := coalesce(p_catalogue -> 'routes', '[]');
  v_version timestamptz;
  v_stored timestamptz := (select version from analytics.catalogue_version);
  v_same boolean;
begin
  if (select auth.jwt()) ->> 'role' is not null then
    if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin'
       or coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2'
       or not rls.session_is_live() then
      raise exception 'only an admin signed in with a second factor may publish the catalogue' using errcode = '42501';
    end if;
  end if;
  if jsonb_typeof(v_products) <> 'array' or jsonb_typeof(v_experiments) <> 'array' or jsonb_typeof(v_routes) <> 'array' then
    raise exception 'invalid catalogue: products, experiments and routes must be arrays' using errcode = '22023';
  end if;
  begin
    v_version := (p_catalogue ->> 'version')::timestamptz;
  exception when others then
    raise exception 'invalid catalogue: version is not an ISO 8601 time' using errcode = '22023';
  end;
  create temporary table if not exists pg_temp.catalogue_products (id text, price_minor bigint, currency text) on commit drop;
  create temporary table if not exists pg_temp.catalogue_arms (route text, experiment text, variant text) on commit drop;
  create temporary table if not exists pg_temp.catalogue_routes (route text, product text) on commit drop;
  truncate pg_temp.catalogue_products, pg_temp.catalogue_arms, pg_temp.catalogue_routes;
  begin
    insert into pg_temp.catalogue_products
    select p ->> 'id', (p ->> 'priceMinor')::bigint, p ->> 'currency' from jsonb_array_elements(v_products) p;
    insert into pg_temp.catalogue_arms
    select e ->> 'route', e ->> 'id', a #>> '{}' from jsonb_array_elements(v_experiments) e, jsonb_array_elements(e -> 'arms') a;
    insert into pg_temp.catalogue_routes
    select distinct r ->> 'route', p #>> '{}' from jsonb_array_elements(v_routes) r, jsonb_array_elements(r -> 'products') p;
  exception when others then
    raise exception 'invalid catalogue: %', sqlerrm using errcode = '22023';
  end;
  v_same := not exists (
      (select id, price_minor, currency from pg_temp.catalogue_products except select id, price_minor, currency from analytics.products)
      union all (select id, price_minor, currency from analytics.products except select id, price_minor, currency from pg_temp.catalogue_products))
    and not exists (
      (select route, experiment, variant from pg_temp.catalogue_arms except select route, experiment, variant from analytics.experiment_arms)
      union all (select route, experiment, variant from analytics.experiment_arms except select route, experiment, variant from pg_temp.catalogue_arms))
    and not exists (
      (select route, product from pg_temp.catalogue_routes except select route, product from analytics.route_products)
      union all (select route, product from analytics.route_products except select route, product from pg_temp.catalogue_routes));
  if not v_same then
    if v_stored is not null and (v_version is null or v_version < v_stored) then
      raise exception 'this catalogue is from an older build of the site (built %) than the one the database holds (built %): not published, so an old tab cannot bring back old prices or products',
        coalesce(to_char(v_version at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS "UTC"'), 'at an unknown time'), to_char(v_stored at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS "UTC"')
        using errcode = 'P0001', hint = 'Reload the admin page to get the newest build; a build of older sources is published only by running it (npm start, or psql).';
    end if;
    delete from analytics.products;
    delete from analytics.experiment_arms;
    delete from analytics.route_products;
    begin
      insert into analytics.products select * from pg_temp.catalogue_products;
      insert into analytics.experiment_arms select * from pg_temp.catalogue_arms;
      insert into analytics.route_products select * from pg_temp.catalogue_routes;
    exception when check_violation or not_null_violation or unique_violation then
      raise exception 'invalid catalogue: %', sqlerrm using errcode = '22023';
    end;
  end if;
  if not v_same or v_version > v_stored or (v_stored is null and v_version is not null) then
    insert into analytics.catalogue_version (id, version, published_at) values (true, v_version, now())
    on conflict (id) do update set version = excluded.version, published_at = excluded.published_at;
  end if;
  return jsonb_build_object('changed', not v_same, 'version', (select version from analytics.catalogue_version));
end;
$function$;
revoke all on function publish_catalogue(jsonb) from public, anon, authenticated, service_role;
grant EXECUTE on function publish_catalogue(jsonb) to authenticated;
comment on function publish_catalogue(jsonb) is 'Stores the catalogue a build of the site made (products with their prices in minor units, experiments with their arms, the products each route sells, the build''s version), against which track() checks events. Refuses a catalogue from an older build that would change the stored one. Admins at aal2 through the API; the stand-in at start.';
