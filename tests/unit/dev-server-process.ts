// `npm run dev` as a child process on a copy of the project, for the tests that talk to its real
// endpoints (tests/unit/dev-remote.test.ts, studio-security.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from './fixture.ts';

export interface DevServer {
  port: number;
  /** Everything it printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/** `preferred` (a test's own port, from the environment), else a port the system says is free. */
export async function portFor(preferred: string | undefined): Promise<number> {
  if (preferred) return Number(preferred);
  return new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** Starts `npm run dev` in `dir` with `env` added, and waits until `ready` answers. */
export async function startDev(dir: string, port: number, env: Record<string, string>, ready: (port: number) => Promise<boolean>): Promise<DevServer> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/dev.ts'], {
    cwd: dir,
    env: { ...process.env, HOST: '', STUDIO_ALLOW_REMOTE: '', NO_STANDIN: '1', PORT: String(port), ...env },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => (child.once('exit', r), child.kill()));
  };
  const end = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output}`);
    try {
      if (await ready(port)) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) {
      await stop();
      throw new Error(`npm run dev did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, output: () => output, stop };
}

/** The run's write token in a studio page's HTML, as the studio's client reads it; undefined when it has none. */
export const studioTokenOf = (html: string): string | undefined => /<meta name="studio-token" content="([^"]+)">/.exec(html)?.[1];
