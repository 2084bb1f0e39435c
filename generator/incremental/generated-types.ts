// The build regenerates stale types (as `astro sync` does), but generating them means compiling every
// schema to TypeScript and formatting it with prettier: about 0.4 s on every build. A stamp of the
// inputs and the generated files, kept in the build cache, skips that when nothing of either changed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeStaleGeneratedFiles } from '../generate-types.ts';
import { filesHash } from './hash.ts';

/** What the generated files are made from (section.schema.json is both, so it sits in schemas/). */
const INPUTS = ['schemas', 'generator/generate-types.ts', 'generator/schemas.ts', 'generator/editor-hints.ts', 'package-lock.json'];
const OUTPUTS = ['model/schema.generated.ts'];

export async function writeStaleGeneratedFilesOnce(root: string, stampFile: string): Promise<string[]> {
  const stamp = () => `${filesHash(root, INPUTS)} ${filesHash(root, OUTPUTS)}`;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp()) return [];
  const written = await writeStaleGeneratedFiles(root);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, stamp());
  return written;
}
