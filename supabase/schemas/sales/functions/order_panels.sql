CREATE OR REPLACE FUNCTION sales.order_panels(p_day date, p_currency text, p_net bigint, p_product text, r_reference text, r_product text, r_route text, r_block_id text, r_block_type text, r_referrer_host text, r_utm_source text, r_utm_medium text, r_utm_campaign text, r_steps text[])
 RETURNS TABLE(panel text, key jsonb)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  values
    ('totals', jsonb_build_object('currency', p_currency)),
    ('daily', jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'currency', p_currency)),
    ('products', jsonb_build_object('product', coalesce(r_product, p_product), 'attributed', coalesce(r_product, p_product) is not null, 'currency', p_currency)),
    ('routes', jsonb_build_object('route', r_route, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('blocks', jsonb_build_object('route', r_route, 'blockId', r_block_id, 'blockType', r_block_type, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('campaigns', jsonb_build_object('source', r_utm_source, 'medium', r_utm_medium, 'campaign', r_utm_campaign, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('referrers', jsonb_build_object('host', r_referrer_host, 'attributed', r_reference is not null, 'currency', p_currency)),
    ('paths', jsonb_build_object('steps', to_jsonb(coalesce(r_steps, '{}')), 'currency', p_currency, 'netMinor', p_net))
$function$;
revoke all on function sales.order_panels(date,text,bigint,text,text,text,text,text,text,text,text,text,text,text[]) from public, anon, authenticated, service_role;
comment on function sales.order_panels(date,text,bigint,text,text,text,text,text,text,text,text,text,text,text[]) is NULL;
