// The stand-in's data folder (.data, or DATA_DIR): PGlite's files in pglite/, uploaded objects in
// storage/. A folder PGlite cannot open is damaged (two processes writing it at once did this before
// the lock): it is moved aside whole, never deleted, the person is told where and what to do, and the
// stand-in starts on a new, empty database. A folder another process holds is refused (data-lock.ts).
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DataFolderHeld, lockDataFolder } from './data-lock.ts';
import { openDatabase, type Database } from './db.ts';

const shown = (path: string) => {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') ? near : path;
};

/** Opens `<dataDir>/pglite`, moving a damaged folder aside first (says so through `warn`). */
export async function openDataFolder(dataDir: string, warn: (text: string) => void = console.error): Promise<Database> {
  const pglite = join(dataDir, 'pglite');
  try {
    const db = await openDatabase({ dataDir: pglite });
    try {
      await db.query('select 1');
      return db;
    } catch (e) {
      await db.close().catch(() => undefined);
      throw e;
    }
  } catch (e) {
    // Held is not damaged; and a folder that never held a database has nothing to keep.
    if (e instanceof DataFolderHeld || !existsSync(join(pglite, 'PG_VERSION'))) throw e;
    const aside = `${dataDir}-damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const lock = lockDataFolder(pglite);
    try {
      mkdirSync(aside, { recursive: true });
      renameSync(pglite, join(aside, 'pglite'));
      if (existsSync(join(dataDir, 'storage'))) renameSync(join(dataDir, 'storage'), join(aside, 'storage'));
    } finally {
      lock.release();
    }
    const why = e instanceof Error ? e.message : String(e);
    warn(
      [
        `The local database in ${shown(pglite)} is damaged: PGlite could not open it (${why}).`,
        `  It was moved, untouched, to ${shown(aside)}/ (with its uploaded files); a new, empty local database starts now.`,
        `  Its visits, subscribers and messages are in that folder: to open it again, stop this and run \`DATA_DIR=${shown(aside)} npm start\`.`,
        '  Delete the folder once you no longer need it.',
      ].join('\n'),
    );
    return openDatabase({ dataDir: pglite });
  }
}
