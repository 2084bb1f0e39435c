// Another process that serves an output folder as `npm start` does, as far as a build can see: it
// records the folder, its backend address and whether it has an EXPERIMENT_SECRET
// (generator/host/serving-record.ts) and stays alive until stopped.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { servingRecordFile } from '../../generator/host/serving-record.ts';
import { projectRoot } from './fixture.ts';

export async function otherServer(root: string, outDir: string, supabaseUrl: string, experimentSecret?: boolean): Promise<{ pid: number; stop: () => Promise<void> }> {
  const code = `const m = await import(${JSON.stringify(new URL('../../generator/host/serving-record.ts', import.meta.url).href)}); m.recordServing(${JSON.stringify(root)}, ${JSON.stringify(outDir)}, ${JSON.stringify(supabaseUrl)}, ${JSON.stringify(experimentSecret)}); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: projectRoot, stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const file = servingRecordFile(root, outDir);
  // Its own record: one left by a server killed earlier may still be there.
  const recorded = () => existsSync(file) && readFileSync(file, 'utf8').includes(`"pid": ${child.pid}`);
  for (let waited = 0; !recorded(); waited += 50) {
    if (waited > 20_000 || child.exitCode !== null) throw new Error('the serving process did not record itself');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { pid: child.pid!, stop: () => (child.kill('SIGKILL'), exited) };
}
