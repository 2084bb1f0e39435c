CREATE OR REPLACE FUNCTION analytics.step_tokens(p_kind text, p_route text, p_block text, p_product text, p_variant text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case p_kind
    when 'view' then array['view:' || p_route] || case when p_variant is null then '{}'::text[] else array['variant:' || p_route || '=' || p_variant] end
    else case when p_variant is null then '{}'::text[] else array['variant:' || p_route || '=' || p_variant] end
      || case p_kind when 'cta' then array['cta:' || p_block] when 'buy' then array['buy:' || p_product] else array[p_kind || ':' || p_route] end
  end
$function$;
revoke all on function analytics.step_tokens(text,text,text,text,text) from public, anon, authenticated, service_role;
grant EXECUTE on function analytics.step_tokens(text,text,text,text,text) to authenticated;
comment on function analytics.step_tokens(text,text,text,text,text) is NULL;
