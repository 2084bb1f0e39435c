create policy "Admin reads of rate limit windows need a live session" on public.rate_limit_windows as restrictive for select to authenticated
  using (( SELECT rls.session_is_live() AS session_is_live));

create policy "Admin reads of rate limit windows need aal2" on public.rate_limit_windows as restrictive for select to authenticated
  using ((( SELECT (auth.jwt() ->> 'aal'::text)) = 'aal2'::text));

create policy "Admins can read rate limit windows" on public.rate_limit_windows as permissive for select to authenticated
  using ((((( SELECT auth.jwt() AS jwt) -> 'app_metadata'::text) ->> 'role'::text) = 'admin'::text));
