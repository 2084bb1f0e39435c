// One process at a time opens a PGlite data folder. PGlite is PostgreSQL compiled to WebAssembly with
// no postmaster to say "in use": two processes on the same files both write, and the folder is
// damaged (npm start then failed with "Aborted()"). So whoever opens the folder (the stand-in under
// npm start, demo:traffic, validate's verdicts, a test) first creates `<folder>.lock` beside it, naming
// itself, and removes it on close. The lock is found by the folder, whatever port a server uses.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { relative } from 'node:path';

/** Who holds a data folder, as its lock file says. */
export interface Holder {
  pid: number;
  host: string;
  command: string;
  started: string;
}

/** The name runCli (generator/cli/args.ts) prints without "the tool itself failed": the message is the whole story. */
export const LOCAL_DATA_ERROR = 'LocalDataError';

export class DataFolderHeld extends Error {
  override name = LOCAL_DATA_ERROR;
  constructor(
    readonly folder: string,
    readonly holder: Holder,
  ) {
    super(
      `the local database ${shown(folder)} is open in process ${holder.pid} (${holder.command}, since ${holder.started}${holder.host === hostname() ? '' : ` on ${holder.host}`}). ` +
        `One process at a time may open it: stop that one first (Ctrl-C in its terminal), or run this with another DATA_DIR. ` +
        `If no such process runs, the lock is left over from a crash: delete ${shown(`${folder}.lock`)}.`,
    );
  }
}

export interface DataLock {
  release(): void;
}

const shown = (path: string) => {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') ? near : path;
};

/** What this process is, as a person would recognise it in the refusal. */
function thisCommand(): string {
  const script = process.env.npm_lifecycle_event;
  if (script) return `npm ${script === 'start' || script === 'test' ? script : `run ${script}`}`;
  return ['node', ...process.argv.slice(1).map((a) => shown(a))].join(' ');
}

function alive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true; // another machine's process (a shared folder): cannot tell, so held
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined; // gone meanwhile, or half written by a process that died at that moment
  }
}

/**
 * Takes the lock of `folder` for this process, or throws DataFolderHeld naming the process that has it.
 * A lock whose process is gone (a crash, kill -9) is taken over.
 */
export function lockDataFolder(folder: string): DataLock {
  const file = `${folder}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), command: thisCommand(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(file);
      if (holder && alive(holder)) throw new DataFolderHeld(folder, holder);
      // Left over: remove it only if it is still the same file's text (another process may be taking it over too).
      const text = (() => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return undefined;
        }
      })();
      if (text !== undefined && (!holder || text === JSON.stringify(holder))) {
        try {
          unlinkSync(file);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; // the other one removed it first
        }
      }
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readHolder(file)?.pid === me.pid) unlinkSync(file);
    };
    // A process that exits without closing (Ctrl-C, an uncaught error) still leaves the folder free.
    process.on('exit', release);
    return { release };
  }
  const holder = readHolder(file);
  if (holder) throw new DataFolderHeld(folder, holder);
  throw new Error(`could not take the lock ${file}`);
}
