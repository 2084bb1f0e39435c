// Experiments (issue 33): a page tries other versions of itself. Shared by the generator (which builds
// each variant as its own file), the servers that choose one per request, the runtime (which marks the
// document with it for the beacon) and the admin (which judges them).
import type { Experiment } from './schema.generated.ts';

export type { Experiment };

/** The page as written: every experiment's first arm, and what bots and secretless hosts serve. */
export const CONTROL = 'control';

/** The arms a visitor may be shown, the control first. */
export function arms(experiment: Pick<Experiment, 'variants'>): string[] {
  return [CONTROL, ...experiment.variants];
}

/**
 * A variant's file beside its page's: dist/<route>/index.<variant>.html (dist/index.<variant>.html for
 * /). No route can contain a dot (routes are the pages' file names, [a-z0-9-/]), so no address of the
 * site is ever this file by its route, and it stays beside the page it varies.
 */
export function variantFile(pageFile: string, variant: string): string {
  return variant === CONTROL ? pageFile : pageFile.replace(/index\.html$/, `index.${variant}.html`);
}

/** What an edge needs to choose: per route under an experiment, its id and arms (written as experiments.json by the build). */
export type ExperimentRoutes = Record<string, { id: string; arms: string[] }>;
