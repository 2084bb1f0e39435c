// Every command answers --help: each script of package.json (read from it, so a new script is covered)
// is run as npm runs it, with --help, in an empty folder. It prints its usage, options and an example,
// exits 0, and does nothing else: the folder stays empty (no build, no data folder, no editor schemas),
// and it ends by itself (no server). An unknown option exits 2 with a "did you mean".
// The scripts that are another tool's own command line (vitest, playwright, tsc) answer with that
// tool's help, exit 0, and refuse an unknown option in their own way (exit 1; only playwright suggests).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './fixture.ts';

const scripts = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The tools whose own command line a script is. */
const TOOLS = new Set(['vitest', 'playwright', 'tsc']);

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What the command left in the folder it ran in. */
  left: string[];
}

/**
 * Runs a script's command with more arguments in a new empty folder. Project paths in the command are
 * made absolute, and tsx reads the project's tsconfig, so the command is the script's own.
 */
function runScript(command: string, extra: string[]): Promise<Ran> {
  const [bin, ...args] = command.split(' ');
  const absolute = args.map((a) => (existsSync(join(projectRoot, a)) ? join(projectRoot, a) : a));
  const cwd = mkdtempSync(join(tmpdir(), 'cli-help-'));
  const child = spawn(join(projectRoot, 'node_modules/.bin', bin!), [...absolute, ...extra], {
    cwd,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(projectRoot, 'tsconfig.json'), GITHUB_ACTIONS: '', NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((done) => child.on('close', (code) => (clearTimeout(killer), done({ code, stdout, stderr, left: readdirSync(cwd) }))));
}

/** A few at a time: two cores, and each one loads its command's whole module graph. */
async function inTurns<T, R>(items: T[], at: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: at }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  }));
  return out;
}

const names = Object.keys(scripts);
const ownName = (name: string) => (name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`);
const isTool = (name: string) => TOOLS.has(scripts[name]!.split(' ')[0]!);

describe('every script answers --help', () => {
  // Run once, all of them, a few at a time; each test below reads its script's answers.
  const answers = inTurns(names, 4, async (name) => ({
    help: await runScript(scripts[name]!, ['--help']),
    typo: await runScript(scripts[name]!, ['--hlep']),
  }));

  it('is a single command, which an argument reaches (a chain of && would run the others first)', () => {
    for (const name of names) expect(scripts[name], name).not.toMatch(/&&|\|\||;|\|/);
  });

  it.each(names.filter((n) => !isTool(n)))('%s: usage, options and an example, exit 0, and nothing else done', async (name) => {
    const { help } = (await answers)[names.indexOf(name)]!;
    expect(help.stderr, name).toBe('');
    expect(help.code, name).toBe(0);
    expect(help.stdout.split('\n')[0], name).toMatch(new RegExp(`^usage: ${ownName(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
    expect(help.stdout, name).toMatch(/^options:\n(?: {2}.*\n)* {2}-h, --help /m);
    expect(help.stdout, name).toMatch(/^examples?:\n {2}(npm|[A-Z_]+=)/m);
    expect(help.left, `${name} left files behind`).toEqual([]);
  }, 600_000);

  it.each(names.filter((n) => !isTool(n)))('%s: an unknown option exits 2 with a "did you mean"', async (name) => {
    const { typo } = (await answers)[names.indexOf(name)]!;
    expect(typo.code, name).toBe(2);
    expect(typo.stderr.trim(), name).toMatch(/^[\w:-]+: unknown option --hlep; did you mean --help\? Options: .*--help$/);
    expect(typo.left, `${name} left files behind`).toEqual([]);
  }, 600_000);

  it.each(names.filter(isTool))('%s: the tool\'s own help, exit 0; an unknown option refused', async (name) => {
    const { help, typo } = (await answers)[names.indexOf(name)]!;
    expect(help.code, name).toBe(0);
    expect(help.stdout, name).toContain(scripts[name]!.split(' ')[0]);
    expect(typo.code, name).not.toBe(0);
    expect(help.left, `${name} left files behind`).toEqual([]);
  }, 600_000);
});
