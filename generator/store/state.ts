// What the last build into an output folder left: each page's input key, what it read and a digest of
// the answers, and every file written (see outputs.ts). One state per output folder, in the build cache.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ToolCode } from './code-graph.ts';
import { hashOf } from './hash.ts';
import type { Read } from './track.ts';

/** The state's shape and the meaning of its records are this module's and what it imports: their code is its version. */
const version = (code: ToolCode) => code.codeDigest(new URL('./state.ts', import.meta.url));

/** What a file in the output folder was when written (render/outputs.ts keeps them). */
export interface Stamp {
  size: number;
  mtimeMs: number;
}

export interface FileRecord extends Stamp {
  /** The content's hash. */
  hash: string;
  /** A copied file's source (a cache file) as it was when copied: while it is unchanged, so is its content. */
  source?: Stamp & { ino: number };
  /** The .br and .gz beside it, made from this content. */
  br?: Stamp;
  gz?: Stamp;
}

export interface PageRecord {
  /** Hash of the page's definition, its code and the build's settings. */
  key: string;
  /** Id of its read set (in `readSets`) and the digest of the answers it got. */
  reads: string;
  digest: string;
  /** Its file, relative to the output folder. */
  file: string;
  islands: string[];
  scriptHashes: string[];
}

export interface TargetState {
  version: string;
  /** The digest of the compression code that made the output's .br and .gz files. */
  compressedBy?: string;
  pages: Record<string, PageRecord>;
  readSets: Record<string, Read[]>;
  files: Record<string, FileRecord>;
}

export const emptyState = (code: ToolCode): TargetState => ({ version: version(code), pages: {}, readSets: {}, files: {} });

/** The folder of one output folder's state and compressed files. */
export const targetDir = (cacheDir: string, outDir: string) => join(cacheDir, 'targets', hashOf(resolve(outDir)).slice(0, 16));

export function loadState(dir: string, code: ToolCode): TargetState {
  const file = join(dir, 'state.json');
  if (!existsSync(file)) return emptyState(code);
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as TargetState;
    return s.version === version(code) ? s : emptyState(code);
  } catch {
    return emptyState(code);
  }
}

export function saveState(dir: string, state: TargetState): void {
  mkdirSync(dir, { recursive: true });
  const used = new Set(Object.values(state.pages).map((p) => p.reads));
  for (const id of Object.keys(state.readSets)) if (!used.has(id)) delete state.readSets[id];
  const tmp = join(dir, `state.json.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, join(dir, 'state.json'));
}
