// What is said about EXPERIMENT_SECRET, and where (issue 49). The secret is read where pages are
// served (npm start, the host's edge), never by the build: a build in another shell used to warn that
// it was not set while the running server had it. So the build speaks only of the server that will
// serve what it builds: the running `npm start` of its folder (whose record says whether it has a
// secret), or the host when it builds for a hosted backend. npm start speaks for itself as it starts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledSite } from '../../model/page.ts';
import { EXPERIMENTS_FILE, experimentRoutes } from './edge-files.ts';
import type { ServingRecord } from './serving-record.ts';

const underExperiment = (n: number) => `${n} page${n === 1 ? ' is' : 's are'} under an experiment`;

/** How many pages of a compiled site are under an experiment. */
export const experimentCount = (compiled: CompiledSite) => Object.keys(experimentRoutes(compiled)).length;

/** How many pages of a built folder are under an experiment (its _experiments.json). */
export function servedExperimentCount(dir: string): number {
  const file = join(dir, EXPERIMENTS_FILE);
  try {
    return existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object).length : 0;
  } catch {
    return 0;
  }
}

/**
 * What `npm run build` says, for `n` pages under an experiment: with a running `npm start` serving its
 * folder, only when that server has no secret; building for a hosted backend, that the host needs one;
 * otherwise nothing (the secret is npm start's, which says so itself).
 */
export function buildSecretNote(n: number, where: { server?: Pick<ServingRecord, 'pid' | 'experimentSecret'>; hosted: boolean }): string | undefined {
  if (!n) return undefined;
  if (where.server) {
    if (where.server.experimentSecret !== false) return undefined;
    return `${underExperiment(n)}, but the npm start serving this folder (process ${where.server.pid}) has no EXPERIMENT_SECRET: it shows every visitor the control. Start it again with EXPERIMENT_SECRET set (any long random text).`;
  }
  if (where.hosted) return `${underExperiment(n)}: set EXPERIMENT_SECRET (any long random text) on the host (Cloudflare Pages or Netlify environment variables), or every visitor there sees the control; a plain static host always serves the control.`;
  return undefined;
}

/** What `npm start` says as it starts serving `n` pages under an experiment with or without a secret. */
export function serverSecretNote(n: number, secret: string | undefined): string | undefined {
  if (!n || secret) return undefined;
  return `${underExperiment(n)}, but EXPERIMENT_SECRET is not set: this server shows every visitor the control. Set EXPERIMENT_SECRET (any long random text) and start again.`;
}
