// `npm start` in a copy of the project (a fixture site the live site is not), for the specs that need a
// site of their own beside the run's: it resolves once the site answers, and stops with the spec.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../unit/fixture.ts';

/** Starts `npm start` in `cwd` on 127.0.0.1:`port` with `env` added (its output lands in `cwd`/out). */
export function startCopy(cwd: string, port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/start.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OUT_DIR: join(cwd, 'out'), STANDIN_CONTROL_PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A spec that times out before the site answers never gets the child to stop: it goes with the worker.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  child.once('exit', () => process.off('exit', orphaned));
  let output = '';
  return new Promise((ok, fail) => {
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`Site: http://127.0.0.1:${port}`)) ok(child);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

/** Stops a copy's `npm start`, waiting for it to exit. */
export async function stopCopy(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((ok) => server.once('exit', ok));
  server.kill('SIGTERM');
  await exited;
}
