// Experiments (issue 33): a page tries other versions of itself. Shared by the generator (which builds
// each variant as its own file), the servers that choose one per request, the runtime (which marks the
// document with it for the beacon), the admin (which judges them) and the studio (which edits them).
//
// The words: an experiment's *variants* are the versions written beside the page (`variants: [b]`);
// the *control* is the page as written. An *arm* is any version a visitor may be shown: the control or
// a variant. `arms()` lists them, the control first; nothing else defines them.
import type { Experiment, Goal } from '../schema.generated.ts';
import type { PageDefinition } from '../page.ts';

export type { Experiment, Goal };

/** The page as written: every experiment's first arm, and what bots and secretless hosts serve. */
export const CONTROL = 'control';

/**
 * The arms a visitor may be shown, the control first; just the control without an experiment. Takes
 * a page's experiment as compiled, or as the studio holds it while it is written (not yet valid).
 */
export function arms(experiment: { variants?: readonly unknown[] | unknown } | null | undefined): string[] {
  const v = experiment?.variants;
  return [CONTROL, ...(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])];
}

/**
 * A variant's file beside its page's: dist/<route>/index.<variant>.html (dist/index.<variant>.html for
 * /). No route can contain a dot (routes are the pages' file names, [a-z0-9-/]), so no address of the
 * site is ever this file by its route, and it stays beside the page it varies.
 */
export function variantFile(pageFile: string, variant: string): string {
  return variant === CONTROL ? pageFile : pageFile.replace(/index\.html$/, `index.${variant}.html`);
}

/**
 * What an edge needs to choose: per route under an experiment, its id, arms and first day (written as
 * _experiments.json and into the edge functions by the build).
 */
export type ExperimentRoutes = Record<string, { id: string; arms: string[]; start?: string }>;

/** The experiment a request's path is under: /x and /x/ alike (a host may add the slash). */
export function experimentAt(routes: ExperimentRoutes, pathname: string): { route: string; id: string; arms: string[]; start?: string } | undefined {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const found = Object.hasOwn(routes, route) ? routes[route] : undefined;
  return found && { route, ...found };
}

/** A variant's address on the host, under its page's route (see variantFile). */
export function variantPath(route: string, variant: string): string {
  return `${route === '/' ? '' : route}/index.${variant}.html`;
}

/**
 * The addresses a variant's file answers to by itself on a host: its file's, and the same without
 * `.html`, which Cloudflare Pages and Netlify serve it under. Each answers 404 on every host, so a
 * visitor sees a variant only when it is chosen for them, and the beacon reports no version nobody chose.
 */
export function variantAddresses(routes: ExperimentRoutes): string[] {
  return Object.entries(routes).flatMap(([route, e]) =>
    e.arms.filter((arm) => arm !== CONTROL).flatMap((arm) => {
      const file = variantPath(route, arm);
      return [file, file.slice(0, -'.html'.length)];
    }),
  );
}

/** A request's path as a host matches it to a file: percent-escapes decoded (undefined if malformed). */
export function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/**
 * The headers of every answer for a page under an experiment, whichever arm it is. The version
 * depends on the client's address and user agent; Vary can name the user agent but not the address,
 * so Vary alone would let a shared cache hand one visitor's version to another with the same browser.
 * `private, no-store` keeps every cache out (the page is small and precompressed; one request each).
 * `Vary: User-Agent` is kept as well, for a cache that ignores Cache-Control on HTML.
 */
export const EXPERIMENT_HEADERS = { 'cache-control': 'private, no-store', vary: 'Accept-Encoding, User-Agent' } as const;

/** One day of one version in public.admin_experiment's answer (model/analytics/README.md). */
export interface ExperimentDay {
  day: string;
  visitors: number;
  conversions: number;
}

/** One version in public.admin_experiment's answer: visitor-days exposed, those converting on the goal, per day. */
export interface VariantCounts {
  variant: string;
  visitors: number;
  conversions: number;
  daily: ExperimentDay[];
}

/** An experiment as the admin lists it, with its goal as site.config.yaml declares it (admin_experiment's p_goal). */
export interface ExperimentEntry {
  route: string;
  id: string;
  arms: string[];
  goal: Goal;
  start: string;
  end?: string;
}

/** The site's experiments, for the admin (given to its island as the catalogue's previews are). */
export function experimentEntries(pages: readonly PageDefinition[], goals: readonly Goal[]): ExperimentEntry[] {
  return pages.flatMap((p) => {
    const e = p.experiment;
    const goal = e && goals.find((g) => g.id === e.goal);
    return e && goal && !p.variant ? [{ route: p.route, id: e.id, arms: arms(e), goal: { ...goal }, start: e.start, ...(e.end ? { end: e.end } : {}) }] : [];
  });
}
