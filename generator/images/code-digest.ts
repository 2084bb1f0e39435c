// The digest of the code that makes something: a file, every file it imports, one relative import after
// another (dynamic imports and worker entries, `new URL('./x.ts', import.meta.url)`, included), and the
// locked versions of the packages (package-lock.json, the nearest one above the file). A cached result
// keyed by it is made again whenever any of that code changes: no list of files to keep, no version to bump.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|new\s+URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g;
const SOURCE = /\.[cm]?[jt]sx?$|\.json$|\.css$/;

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined; // a package: counted by package-lock.json
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function lockFile(from: string): string | undefined {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return join(dir, 'package-lock.json');
    if (dirname(dir) === dir) return undefined;
  }
}

/** The digest of `entry` (a path or file: URL) and the code it reaches; see above. */
export function codeDigest(entry: string | URL): string {
  const start = resolve(entry instanceof URL ? fileURLToPath(entry) : entry);
  const lock = lockFile(start);
  // Paths are named from the project's root, so a copy of the project has the same digest.
  const base = lock ? dirname(lock) : dirname(start);
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = resolveImport(file, m[1] ?? m[2] ?? m[3] ?? m[4]!);
      if (to && !seen.has(to)) queue.push(to);
    }
  }
  const h = createHash('sha256');
  for (const file of [...seen, ...(lock ? [lock] : [])].sort()) h.update(relative(base, file)).update('\0').update(readFileSync(file)).update('\0');
  return h.digest('base64url');
}
