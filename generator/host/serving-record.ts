// What a running `npm start` serves: its output folder, the backend address its pages were built for
// (and its stand-in answers at), and whether it has an EXPERIMENT_SECRET (experiment-secret.ts). A
// build into that folder meanwhile reads it before writing anything (build-backend.ts), because a
// build writes its address into the pages and _headers while the server keeps serving them: after
// `VITE_SUPABASE_URL=… npm start`, a plain `npm run build` wrote the default address, and every form
// of the running site failed with "Failed to fetch". One small JSON file per folder under .data/ (the
// project's local state, which git ignores), removed when the server stops.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { diagnostic, type Diagnostic } from '../core/errors.ts';

export interface ServingRecord {
  outDir: string;
  supabaseUrl: string;
  pid: number;
  /** Whether it chooses versions of pages under an experiment (has EXPERIMENT_SECRET); absent in an older record. */
  experimentSecret?: boolean;
}

/** The record of whatever serves `outDir`, named by that folder's absolute path. */
export function servingRecordFile(root: string, outDir: string): string {
  return join(root, '.data', 'serving', `${createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 16)}.json`);
}

/** Records that this process serves `outDir` with `supabaseUrl`; returns the function that removes the record. */
export function recordServing(root: string, outDir: string, supabaseUrl: string, experimentSecret?: boolean): () => void {
  const file = servingRecordFile(root, outDir);
  mkdirSync(join(file, '..'), { recursive: true });
  const record: ServingRecord = { outDir: resolve(outDir), supabaseUrl, pid: process.pid, experimentSecret };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return () => {
    // Only its own: a later server of the same folder may have replaced it.
    if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}

function readRecord(file: string): ServingRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServingRecord>;
    return typeof r.supabaseUrl === 'string' && typeof r.pid === 'number' && typeof r.outDir === 'string' ? (r as ServingRecord) : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server (not this process) that serves `outDir`, with the backend address it serves with. */
export function runningServer(root: string, outDir: string): ServingRecord | undefined {
  const record = readRecord(servingRecordFile(root, outDir));
  return record && record.pid !== process.pid && isRunning(record.pid) ? record : undefined;
}

/**
 * A warning when a running server (not this process) serves `outDir` with another backend address than
 * `supabaseUrl`, the one this build writes; located at the server's record, which holds its address.
 */
export function backendMismatch(root: string, outDir: string, supabaseUrl: string, fromEnv: boolean): Diagnostic | undefined {
  const file = servingRecordFile(root, outDir);
  const record = runningServer(root, outDir);
  if (!record || record.supabaseUrl === supabaseUrl) return undefined;
  // At the record's address: the line and column of its key.
  const before = readFileSync(file, 'utf8').split('"supabaseUrl"')[0]!.split('\n');
  const at = { file: relative(root, file).split('\\').join('/'), line: before.length, column: before.at(-1)!.length + 1, path: 'supabaseUrl' };
  return diagnostic('BackendMismatch', at, supabaseUrl, fromEnv ? 'VITE_SUPABASE_URL' : 'the default: VITE_SUPABASE_URL is not set', record.supabaseUrl, record.pid);
}
