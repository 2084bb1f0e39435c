// The build regenerates stale types (as `astro sync` does), but generating them means compiling every
// schema to TypeScript and formatting it with prettier: about 0.4 s on every build. A stamp of the
// inputs and the generated files, kept in the build cache, skips that when nothing of either changed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GENERATED_FILES, writeStaleGeneratedFiles } from '../authoring/generate-types.ts';
import { filesHash, hashOf } from '../store/hash.ts';
import type { CacheAccess, Store } from '../store/store.ts';

/** `reuse` false (a clean build): the stamp is not trusted; the files are generated and compared anew. */
export async function writeStaleGeneratedFilesOnce(root: string, stampFile: string, { reuse, stats, code }: CacheAccess): Promise<string[]> {
  // Made from the schemas (section.schema.json is both input and output, so it sits in schemas/) by
  // generate-types.ts and what it imports.
  const stamp = () => `${filesHash(root, ['schemas'])} ${code.codeDigest(new URL('../authoring/generate-types.ts', import.meta.url))} ${filesHash(root, GENERATED_FILES)}`;
  if (reuse && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp()) {
    stats.reused('generated types');
    return [];
  }
  stats.recomputed('generated types');
  const written = await writeStaleGeneratedFiles(root);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, stamp());
  return written;
}

/**
 * As `astro sync` does: a build's generated types follow the schemas (CI's validate still fails when
 * the committed file is stale, since it runs before any build). A site without model/ (a fixture) has none.
 */
export async function writeGeneratedTypes(store: Store): Promise<void> {
  if (!existsSync(join(store.root, 'model'))) return;
  await writeStaleGeneratedFilesOnce(store.root, join(store.cacheDir, `types-${hashOf(resolve(store.root)).slice(0, 16)}.stamp`), store);
}
