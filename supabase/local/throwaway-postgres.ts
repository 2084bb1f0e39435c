// A throwaway PostgreSQL 15 cluster for the database tests: initdb into a temp
// folder, pg_ctl start on a free port, stop and delete afterwards. initdb
// refuses to run as root, so as root it runs as the `postgres` user.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export function postgresAvailable(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
}

export interface ThrowawayOptions {
  /** Keep PostgreSQL's crash safety (fsync, synchronous_commit, full_page_writes on, its defaults): a
   * commit is acknowledged only once its WAL is on disk. The bench measures ingest so; tests turn it
   * off by default, as they never survive a crash and run faster without the flushes. */
  durable?: boolean;
}

export async function startThrowawayPostgres(opts: ThrowawayOptions = {}): Promise<ThrowawayPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'detox-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const run = (bin: string, args: string[]) => {
    const cmd = join(PG_BIN, bin);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    return execFileSync(file, argv, { stdio: 'pipe' });
  };
  const data = join(root, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // The socket goes in the temp folder too: nothing is left behind after stop.
  run('pg_ctl', [
    '-D', data, '-l', join(root, 'server.log'), '-w', '-t', '30',
    '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1${opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
