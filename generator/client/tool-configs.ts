// The configuration files the client build's tools find on their own, without vite.config.ts naming
// them: each is an input of the client build's key (cached-build.ts), present or absent, so adding,
// editing or deleting one builds the assets again.
// - PostCSS's config: Vite looks for it with postcss-load-config from the root up through every parent
//   folder (lilconfig stops at the home folder, or at the file system's root when the project is not
//   under it), in the config file names below and in each package.json's "postcss" field.
// - browserslist's: .browserslistrc, browserslist, or package.json's "browserslist", searched the same way.
// - tailwind.config.* (read by Tailwind 3's PostCSS plugin, or by a stylesheet's `@config`).
// - tsconfig.json (and tsconfig.*.json): Vite's transform reads compiler settings (JSX) from them.
// - .env files: Vite loads .env, .env.local, .env.<mode> and .env.<mode>.local from the root into
//   import.meta.env; every .env* file there is counted, whatever the mode.
// The root's package.json counts whole (its "type" decides how a .js config loads).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { hashOf } from '../store/hash.ts';

const SCRIPT_EXTS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'];
/** The file names searched in the root and each parent folder. */
const SEARCHED = [
  ...['', '.json', '.yaml', '.yml', ...SCRIPT_EXTS.map((e) => `.${e}`)].flatMap((e) => [`.postcssrc${e}`, `.config/postcssrc${e}`]),
  ...SCRIPT_EXTS.map((e) => `postcss.config.${e}`),
  '.browserslistrc',
  'browserslist',
  ...SCRIPT_EXTS.map((e) => `tailwind.config.${e}`),
  'tsconfig.json',
];

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The folders searched: the root, then each parent up to the home folder or the file system's root. */
function searchedFolders(root: string): string[] {
  const stop = homedir();
  const out: string[] = [];
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    out.push(dir);
    if (dir === stop || dirname(dir) === dir) return out;
  }
}

/** The config files found now, as [name, content] pairs (the root's by relative path, a parent's by absolute path). */
export function toolConfigFiles(root: string): [string, string][] {
  const base = resolve(root);
  const found: [string, string][] = [];
  const add = (file: string, content: string) => found.push([file === base || file.startsWith(`${base}/`) ? file.slice(base.length + 1) : file, content]);
  for (const dir of searchedFolders(base)) {
    for (const name of SEARCHED) {
      const file = join(dir, name);
      if (isFile(file)) add(file, readFileSync(file, 'utf8'));
    }
    const pkg = join(dir, 'package.json');
    if (!isFile(pkg)) continue;
    if (dir === base) add(pkg, readFileSync(pkg, 'utf8'));
    else {
      // A parent's package.json counts by the fields these tools read from it.
      let fields: unknown;
      try {
        const json = JSON.parse(readFileSync(pkg, 'utf8')) as Record<string, unknown>;
        fields = { postcss: json.postcss, browserslist: json.browserslist };
      } catch {
        fields = 'unreadable';
      }
      add(pkg, JSON.stringify(fields));
    }
  }
  for (const name of existsSync(base) ? readdirSync(base).sort() : []) {
    const file = join(base, name);
    if ((name.startsWith('.env') || /^tsconfig\..+\.json$/.test(name)) && isFile(file)) add(file, readFileSync(file, 'utf8'));
  }
  return found;
}

/** The digest of those files: their names and contents (so a file added or deleted changes it too). */
export const toolConfigsDigest = (root: string): string => hashOf(...toolConfigFiles(root).flat());
