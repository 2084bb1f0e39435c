// One fuzz worker (a child process, so a runaway compile can be killed): owns a small site folder, writes each hostile document into it, compiles, and
// reports the time, whether the generator threw, and any diagnostic placed outside the file.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSite } from '../core/compile.ts';
import { loadSchemas } from '../core/schemas.ts';

export interface FuzzJob {
  id: number;
  /** Project-relative file the document replaces, e.g. pages/about.yaml. */
  target: string;
  /** The file's original text, restored after the run. */
  original: string;
  bytes: Uint8Array;
}

export interface FuzzResult {
  id: number;
  /** CPU time of the compile. */
  ms: number;
  crash?: string;
  /** Diagnostics whose line or column lies outside the file. */
  outside: string[];
  diagnostics: number;
}

const root = process.env.FUZZ_SITE!;
const schemas = loadSchemas(join(root, 'schemas'));

process.on('message', (job: FuzzJob) => {
  const file = join(root, job.target);
  writeFileSync(file, Buffer.from(job.bytes));
  // CPU time, not wall time: a shared machine's other work must not make a document look slow.
  const cpu = process.cpuUsage();
  const cpuMs = () => {
    const d = process.cpuUsage(cpu);
    return (d.user + d.system) / 1000;
  };
  const result: FuzzResult = { id: job.id, ms: 0, outside: [], diagnostics: 0 };
  try {
    const r = compileSite(root, { schemas });
    result.ms = cpuMs();
    result.diagnostics = r.diagnostics.length;
    const linesOf = new Map<string, string[]>();
    for (const d of r.diagnostics) {
      const text = r.texts.get(d.file);
      if (text === undefined) continue;
      if (!linesOf.has(d.file)) linesOf.set(d.file, text.split(/\r\n|\r|\n/));
      const lines = linesOf.get(d.file)!;
      const line = lines[d.line - 1];
      if (line === undefined || d.line < 1 || d.column < 1 || d.column > line.length + 1) result.outside.push(`${d.file}:${d.line}:${d.column} ${d.name} (file has ${lines.length} lines)`);
    }
  } catch (e) {
    result.ms = cpuMs();
    result.crash = e instanceof Error ? `${e.name}: ${e.message}\n${e.stack?.split('\n').slice(1, 4).join('\n')}` : String(e);
  }
  if (job.original) writeFileSync(file, job.original);
  else rmSync(file, { force: true });
  process.send!(result);
});
