-- An IPv6 client is its /64 (issue 32).
--
-- A client was its whole address. An IPv6 host is normally given a whole /64 and picks its addresses
-- in it, changing them often (privacy extensions, RFC 8981): keyed by the full address, one browser
-- became a new visitor with each address, and one client could pass the per-client hourly caps by
-- walking its /64. The client is now: an IPv4 address as it is; an IPv6 address as its /64
-- ('2001:db8:1:2::/64'); an IPv4-mapped IPv6 address as its IPv4 address; anything that is not an
-- address ('unknown') as it is. That key enters the visitor hash (public.track) and the per-client
-- window (private.client_key, for the forms too), as private.client_address() always did.
--
-- private.client_edge_address() is the address as the request named it: the pixel's server with the
-- proxy secret, or Cloudflare (20251222000000_analytics_proxy.sql); unchanged.

create or replace function private.client_edge_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  h json := nullif(current_setting('request.headers', true), '')::json;
begin
  if exists (select 1 from private.analytics_proxy p
             where p.key_sha256 = sha256(convert_to(h ->> 'x-analytics-key', 'UTF8'))) then
    return coalesce(left(nullif(btrim(h ->> 'x-analytics-client'), ''), 64),
                    nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
  end if;
  return coalesce(nullif(btrim(h ->> 'cf-connecting-ip'), ''), 'unknown');
end;
$$;
comment on function private.client_edge_address() is 'The client''s address as named: x-analytics-client when x-analytics-key proves the site''s own server sent it (private.analytics_proxy), else cf-connecting-ip as Cloudflare wrote it, else ''unknown''.';
revoke all on function private.client_edge_address() from public;

-- The client as the database keys it, from an address.
create function private.client_of(p_address text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v inet;
begin
  -- Only an IPv6 address has a colon. Everything else (IPv4, 'unknown') is its own key, and skips the
  -- exception block below: entering one starts a subtransaction, a cost on every event.
  if position(':' in p_address) = 0 then
    return p_address;
  end if;
  begin
    v := p_address::inet;
  exception when others then
    return p_address;
  end;
  -- ::ffff:a.b.c.d is an IPv4 client reached over IPv6.
  if v << '::ffff:0:0/96'::inet then
    return host(('0.0.0.0'::inet + (v - '::ffff:0:0'::inet)));
  end if;
  return network(set_masklen(v, 64))::text;
end;
$$;
comment on function private.client_of(text) is 'A client''s key from its address: IPv4 as it is, IPv6 as its /64, IPv4-mapped IPv6 as the IPv4 address, anything else as it is.';
revoke all on function private.client_of(text) from public;

create or replace function private.client_address()
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return private.client_of(private.client_edge_address());
end;
$$;
comment on function private.client_address() is 'The client as the visitor hash and the per-client limits key it: private.client_of(the address the request named).';
