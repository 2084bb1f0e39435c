// Where every cache lives: node_modules/.cache (ignored by git, cleared with node_modules, kept by CI's
// cache step), or the folder SITE_CACHE_DIR names: a test (or a CI job) can give a build caches of
// its own, empty, without deleting the ones other builds are using.
import { join, resolve } from 'node:path';

/** The build cache: node_modules/.cache/site-build, or SITE_CACHE_DIR's site-build. */
export const defaultCacheDir = (root: string): string => join(process.env.SITE_CACHE_DIR ? resolve(process.env.SITE_CACHE_DIR) : join(root, 'node_modules/.cache'), 'site-build');
