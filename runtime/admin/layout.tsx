// The frame of every admin screen: the page heading, then, by session, the sign-in form (signed
// out), or who is signed in, 'Sign out', the navigation and the screen (an admin; the upload screen
// for anyone signed in, since the database decides there), or the refusal (not an admin).
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, Outlet, isRouteErrorResponse, useFetcher, useLoaderData, useLocation, useNavigation, useRevalidator, useRouteError } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { AdminDataError } from '../backend/admin.ts';
import { publishCatalogue } from '../backend/sales.ts';
import { publishConsentWordings } from '../backend/list-admin.ts';
import type { DatabaseCatalogue } from '../../model/sales/catalogue.ts';
import type { AdminSession } from './session.ts';
import type { AdminAppProps, AdminOutlet } from './context.ts';
import { SCREENS, screenFor } from './screens.ts';
import { CodeForm, EnrolForm } from './second-factor.tsx';
import { card, inputClass, link, primaryButton, secondaryButton } from './ui.ts';

/** The heading band, as the site's text pages have it (runtime/blocks/page-title.tsx). */
function PageHeading({ pathname }: { pathname: string }) {
  const screen = screenFor(pathname);
  return (
    <header className="bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-10 pt-28 text-center sm:pt-32">
      <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">{screen?.title ?? 'Not found'}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700">{screen?.subtitle ?? 'There is no admin page at this address.'}</p>
    </header>
  );
}

function Frame({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <div className="pb-16 sm:pb-20">
      <PageHeading pathname={pathname} />
      <div className="mx-auto mt-8 max-w-5xl px-4">{children}</div>
    </div>
  );
}

/** What the server prerenders, and the browser shows until the session is known. */
export function AdminShell({ pathname }: { pathname: string }) {
  return (
    <Frame pathname={pathname}>
      <div className={`${card} mx-auto max-w-md`} role="status" data-testid="admin-checking">
        <p className="text-gray-700">Checking whether you are signed in…</p>
        <noscript><p className="mt-2 font-semibold text-gray-900">This page needs JavaScript to sign in.</p></noscript>
      </div>
    </Frame>
  );
}

export function HydrateShell() {
  return <AdminShell pathname={typeof window === 'undefined' ? '/admin' : window.location.pathname} />;
}

type SignInResult = { error: string | null } | undefined;

function SignInForm() {
  const fetcher = useFetcher<SignInResult>();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.state === 'idle' ? (fetcher.data?.error ?? null) : null;
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error && password.current) password.current.select();
  }, [error]);
  return (
    <section aria-labelledby="admin-sign-in-heading" className={`${card} mx-auto max-w-md`} data-testid="admin-sign-in">
      <h2 id="admin-sign-in-heading" className="text-2xl font-extrabold text-gray-900">Admin sign-in</h2>
      <p className="mt-2 text-gray-700">This area is for the site's administrators. Sign in with your admin account.</p>
      <fetcher.Form method="post" action="/admin" className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="sign-in" />
        <div>
          <label htmlFor="admin-email" className="block text-sm font-semibold text-gray-800">Email</label>
          <input id="admin-email" name="email" type="email" required autoComplete="username" className={inputClass} />
        </div>
        <div>
          <label htmlFor="admin-password" className="block text-sm font-semibold text-gray-800">Password</label>
          <input id="admin-password" ref={password} name="password" type="password" required autoComplete="current-password" className={inputClass} />
        </div>
        {error && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="sign-in-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </fetcher.Form>
    </section>
  );
}

function SessionBar({ email, admin }: { email: string; admin: boolean }) {
  const fetcher = useFetcher();
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-gray-50 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="admin-session">
      <p className="min-w-0 text-gray-800">
        Signed in as <strong className="break-all">{email}</strong>{' '}
        <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${admin ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}>
          {admin ? 'admin' : 'not an admin'}
        </span>
      </p>
      <fetcher.Form method="post" action="/admin" className="shrink-0">
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit" disabled={fetcher.state !== 'idle'} className={secondaryButton}>Sign out</button>
      </fetcher.Form>
    </div>
  );
}

function AdminNav() {
  // Pills that wrap on a phone, underlined tabs from the small breakpoint up.
  return (
    <nav aria-label="Admin" className="mt-4">
      <ul className="flex flex-wrap gap-2 sm:flex-nowrap sm:gap-1 sm:border-b sm:border-gray-200">
        {SCREENS.map((s) => (
          <li key={s.path}>
            <NavLink
              to={s.path}
              end
              className={({ isActive }) =>
                `block rounded-full px-3 py-1.5 text-sm font-semibold sm:-mb-px sm:rounded-none sm:border-b-2 sm:bg-transparent sm:px-4 sm:py-3 sm:text-base ${
                  isActive
                    ? 'bg-violet-100 text-violet-900 sm:border-violet-600 sm:text-violet-800'
                    : 'bg-gray-100 text-gray-700 hover:text-gray-900 sm:border-transparent sm:hover:border-gray-300'
                }`
              }
            >
              {s.nav}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NotAnAdmin({ email }: { email: string }) {
  return (
    <section role="alert" className={`${card} mx-auto mt-8 max-w-xl border-amber-300 text-center`} data-testid="admin-refusal">
      <h2 className="text-2xl font-extrabold text-gray-900">This account is not an administrator</h2>
      <p className="mt-3 text-gray-700">
        {email} is signed in, but only administrators may see messages, subscribers and previews. Sign out and sign in with an admin account.
      </p>
    </section>
  );
}

/**
 * The database values a buy and checks its variant by the catalogue the site was built with
 * (supabase/schemas/public/functions/publish_catalogue.sql). The stand-in publishes it as it starts; on a
 * hosted project an admin's app does, once a session reaches aal2, so a deploy that changes a price or
 * starts an experiment is known to the database at the owner's next visit. Unchanged, nothing is written.
 */
function usePublishedCatalogue(catalogue: DatabaseCatalogue | undefined) {
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    const text = catalogue && JSON.stringify(catalogue);
    if (!catalogue || sent.current === text) return;
    sent.current = text;
    publishCatalogue(catalogue).catch((e: unknown) =>
      // The database holds a newer build's catalogue (supabase/schemas/public/functions/publish_catalogue.sql): this tab is old.
      e instanceof AdminDataError && e.code === 'P0001'
        ? toast.error('This tab is from an older build of the site', { description: `Its prices and products were not sent to the database, which keeps the newer build's. Reload the page. (${e.message})`, duration: Infinity })
        : toast.error('The catalogue was not sent to the database', { description: `Buy clicks are checked against it: ${e instanceof Error ? e.message : String(e)}` }),
    );
  }, [catalogue]);
}

/**
 * The privacy wordings this build's forms show (model/list/consent.ts), published once per page load
 * when a session reaches aal2, as the catalogue is: a consent record keeps only a wording's version, and
 * the list screen shows the text the database was given for it. Already known, nothing is written.
 */
function usePublishedWordings(atAal2: boolean) {
  const sent = useRef(false);
  useEffect(() => {
    if (!atAal2 || sent.current) return;
    sent.current = true;
    publishConsentWordings().catch((e: unknown) =>
      toast.error('The privacy wording was not sent to the database', { description: `The list shows each consent record's wording by it: ${e instanceof Error ? e.message : String(e)}` }),
    );
  }, [atAal2]);
}

export function AdminLayout({ props }: { props: AdminAppProps }) {
  const session = useLoaderData() as AdminSession;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const screen = screenFor(pathname);

  useEffect(() => {
    document.title = `${screen?.title ?? 'Not found'} | ${props.siteName}`;
  }, [screen, props.siteName]);
  const atAal2 = session.state !== 'signed-out' && session.admin && session.step === 'done';
  usePublishedCatalogue(atAal2 ? props.catalogue : undefined);
  usePublishedWordings(atAal2);

  if (session.state === 'signed-out') {
    return (
      <Frame pathname={pathname}>
        <SignInForm />
      </Frame>
    );
  }
  const { user, admin, step, factors } = session;
  const bar = <SessionBar email={user.email ?? 'this account'} admin={admin} />;
  // An admin gives the code (or first enrols a factor) before any screen: none loads data before aal2.
  if (admin && step !== 'done') {
    return (
      <Frame pathname={pathname}>
        {bar}
        {step === 'code' ? <CodeForm factors={factors} /> : <EnrolForm name="Authenticator app" issuer={props.siteName} />}
      </Frame>
    );
  }
  // The upload screen is open to anyone signed in: the storage policies refuse a non-admin there.
  const open = admin || pathname.replace(/\/+$/, '') === '/admin/upload';
  const outlet: AdminOutlet = { session: { user, admin, factors }, props };
  return (
    <Frame pathname={pathname}>
      {bar}
      <AdminNav />
      <div className={`mt-8 transition-opacity ${navigation.state === 'loading' ? 'opacity-60' : ''}`} aria-busy={navigation.state === 'loading'}>
        {open ? <Outlet context={outlet} /> : <NotAnAdmin email={user.email ?? 'This account'} />}
      </div>
    </Frame>
  );
}

/** A screen whose data could not be loaded: the server's message and a way to try again. */
export function ScreenError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <section role="alert" className={`${card} mx-auto max-w-xl border-red-300`} data-testid="admin-load-error">
      <h2 className="text-xl font-extrabold text-gray-900">This page could not be loaded</h2>
      <p className="mt-2 text-gray-700">{message}</p>
      <button type="button" className={`${secondaryButton} mt-4`} onClick={() => revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
        Try again
      </button>
    </section>
  );
}

export function AdminNotFound() {
  return (
    <section className={`${card} mx-auto max-w-xl text-center`}>
      <h2 className="text-xl font-extrabold text-gray-900">There is no admin page here</h2>
      <p className="mt-2 text-gray-700"><Link to="/admin" className={link}>Go to the overview</Link></p>
    </section>
  );
}

/** Page links for a paged list, keeping the other search parameters. */
export function Pager({ page, pageSize, total, params, label }: { page: number; pageSize: number; total: number; params: URLSearchParams; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete('page');
    else next.set('page', String(n));
    next.delete('message');
    const q = next.toString();
    return q ? `?${q}` : '?';
  };
  const step = 'rounded-xl border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-800 hover:bg-gray-100';
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? <Link to={to(page - 1)} className={step} rel="prev">← Newer</Link> : <span />}
      <p className="text-sm text-gray-700">Page {page} of {pages}</p>
      {page < pages ? <Link to={to(page + 1)} className={step} rel="next">Older →</Link> : <span />}
    </nav>
  );
}

/** The page number in `?page=`, 1 when absent or not a positive whole number. */
export function pageParam(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const toastError = (title: string, e: unknown) => toast.error(title, { description: e instanceof Error ? e.message : String(e) });
