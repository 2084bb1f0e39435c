// Experiments built as files (issue 33, point 2), on the experiment-site fixture: each variant is its
// own file beside its page's, canonical to the page and noindex, out of the sitemap; a page under no
// experiment is built byte for byte as when no page has one; an edit to one variant renders only it.
// The build speaks of EXPERIMENT_SECRET only where it matters for what it builds (issue 49): the
// running npm start of its folder without one, or the host of a hosted build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeDifferences } from '../../generator/bench/scale.ts';
import { LOCAL_DEFAULT_URL } from '../../generator/host/backend-url.ts';
import { readHeadersFile } from '../../generator/host/security-headers.ts';
import { PIXEL_PATH } from '../../model/analytics/pixel.ts';
import { copyProject } from './fixture.ts';
import { otherServer } from './serving-process.ts';

let root = '';
let n = 0;
const AS_OF = '2026-02-01T12:00:00Z';
const caches = () => `${root}-caches`;

function build(outDir: string, opts: { clean?: boolean; env?: Record<string, string> } = {}) {
  const stats = `${root}-stats-${n++}.json`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'generator/cli/build.ts', '--stats', stats, '--as-of', AS_OF, ...(opts.clean ? ['--clean'] : [])], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, OUT_DIR: outDir, VITE_SUPABASE_ANON_KEY: '', SITE_CACHE_DIR: caches(), EXPERIMENT_SECRET: '', NO_COLOR: '1', ...opts.env },
  });
  expect(r.status, r.stderr + r.stdout).toBe(0);
  return { output: r.stdout + r.stderr, stats: JSON.parse(readFileSync(stats, 'utf8')) as { renderedRoutes: string[]; writtenFiles: string[] } };
}
const index = () => join(root, 'pages/index.yaml');
let withExperiment = '';
let first: ReturnType<typeof build>;

beforeAll(() => {
  root = copyProject('experiment-build-', 'experiment-site');
  withExperiment = readFileSync(index(), 'utf8');
  first = build(`${root}-with`);
}, 240_000);
afterAll(() => {
  for (const d of [root, `${root}-with`, `${root}-without`, `${root}-clean`, `${root}-hosted`, caches()]) rmSync(d, { recursive: true, force: true });
  for (const f of readdirSync(join(root, '..')).filter((f) => f.startsWith(`${root.split('/').pop()}-stats-`))) rmSync(join(root, '..', f), { force: true });
});

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('experiments built as files', () => {
  it('writes each variant beside its page: canonical to the route, noindex, marked for the beacon, out of the sitemap', () => {
    const out = `${root}-with`;
    const control = read(out, 'index.html');
    const variant = read(out, 'index.b.html');
    expect(control).toContain('<html lang="en" data-experiment="home-headline" data-variant="control">');
    expect(variant).toContain('<html lang="en" data-experiment="home-headline" data-variant="b">');
    expect(variant).toContain('<link rel="canonical" href="https://test.example/"/>');
    expect(variant).toContain('<meta name="robots" content="noindex"/>');
    expect(control).not.toContain('noindex');
    // The variant's headline is in its HTML, the control's in the control's: no script swaps text.
    const headline = /\n {8}headline: "([^"]+)"/.exec(withExperiment)![1]!;
    expect(variant).toContain(headline);
    expect(control).not.toContain(headline);
    expect(read(out, 'sitemap.xml')).not.toMatch(/index\.|\.html/);
    for (const f of ['_worker.js', '_routes.json', '_experiments.json', '_netlify/edge-functions/experiments.js']) expect(existsSync(join(out, f)), f).toBe(true);
    // The worker runs for the experiment's route, and for the no-script pixel since the fixture counts.
    // (and for the variant's own addresses, which it answers 404).
    expect(JSON.parse(read(out, '_routes.json')).include).toEqual(['/', '/index.b.html', '/index.b', PIXEL_PATH]);
    // The worker sends the same security headers as _headers says (Pages applies _headers to no worker's answer).
    const headers = readHeadersFile(out);
    expect(headers['Content-Security-Policy']).toContain("default-src 'self'");
    const worker = read(out, '_worker.js');
    for (const value of Object.values(headers)) expect(worker).toContain(JSON.stringify(value));
  });

  it('speaks of EXPERIMENT_SECRET only for the npm start serving its folder without one, or for the host of a hosted build', async () => {
    const out = `${root}-with`;
    // Not set here, but nothing serves the folder: the secret is npm start's, which says so as it starts.
    expect(first.output).not.toContain('EXPERIMENT_SECRET');
    const without = await otherServer(root, out, LOCAL_DEFAULT_URL, false);
    try {
      expect(build(out).output).toContain(`the npm start serving this folder (process ${without.pid}) has no EXPERIMENT_SECRET`);
    } finally {
      await without.stop();
    }
    // A server with the secret, this shell without it: nothing to say.
    const server = await otherServer(root, out, LOCAL_DEFAULT_URL, true);
    try {
      expect(build(out).output).not.toContain('EXPERIMENT_SECRET');
    } finally {
      await server.stop();
    }
    const hosted = build(`${root}-hosted`, { env: { VITE_SUPABASE_URL: 'https://project.supabase.co', VITE_SUPABASE_ANON_KEY: 'a-hosted-projects-anon-key' } });
    expect(hosted.output).toContain('set EXPERIMENT_SECRET (any long random text) on the host');
  }, 240_000);

  it('builds a page under no experiment byte for byte as when no page has one', () => {
    writeFileSync(index(), withExperiment.replace(/experiment:\n(?: {2}.*\n)+/, '').replace(/ {4}variants:\n(?: {6,}.*\n)+/, ''));
    try {
      const without = build(`${root}-without`);
      expect(without.output).not.toContain('EXPERIMENT_SECRET');
      const differ = treeDifferences(`${root}-with`, `${root}-without`);
      // Only the page under the experiment, its variant and the host's experiment files differ.
      // .build-hash is the digest of the sources, which differ by design.
      expect(differ.filter((f) => !/^(\.build-hash|index\.|_worker\.js|_routes\.json|_experiments\.json|_netlify\/)/.test(f))).toEqual([]);
      expect(differ.some((f) => f.startsWith('index.html'))).toBe(true);
      expect(read(`${root}-with`, 'about/index.html')).toBe(read(`${root}-without`, 'about/index.html'));
      // A page under an experiment ships the same scripts as without it: not a byte more.
      const scripts = (html: string) => html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
      expect(scripts(read(`${root}-with`, 'index.html'))).toEqual(scripts(read(`${root}-without`, 'index.html')));
      expect(scripts(read(`${root}-with`, 'index.b.html'))).toEqual(scripts(read(`${root}-without`, 'index.html')));
      // Without an experiment the worker is the pixel's alone: no route of a page sends visitors to it.
      expect(existsSync(join(`${root}-without`, '_experiments.json'))).toBe(false);
      expect(existsSync(join(`${root}-without`, '_netlify/edge-functions/experiments.js'))).toBe(false);
      expect(JSON.parse(read(`${root}-without`, '_routes.json')).include).toEqual([PIXEL_PATH]);
    } finally {
      writeFileSync(index(), withExperiment);
    }
  }, 240_000);

  it('renders again only the variant whose override changed, and equals a clean build', () => {
    const out = `${root}-with`;
    const control = read(out, 'index.html');
    writeFileSync(index(), withExperiment.replace(/(\n {8}headline: ")[^"]+"/, '$1Evenings are yours again"'));
    try {
      const again = build(out);
      expect(again.stats.renderedRoutes).toEqual(['/#b']);
      expect(read(out, 'index.html')).toBe(control);
      expect(read(out, 'index.b.html')).toContain('Evenings are yours again');
      build(`${root}-clean`, { clean: true });
      expect(treeDifferences(out, `${root}-clean`)).toEqual([]);
    } finally {
      writeFileSync(index(), withExperiment);
    }
  }, 240_000);
});
