// CI as a user of the generator: whole reports through slow pipes, GitHub annotations, a JSON report
// that matches its schema, exit codes 0/1/2, --max-warnings, named files checked against the whole
// site, and the shipped workflow. All on small fixture sites, through the real CLIs.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { TEST_STAGES } from '../../generator/cli/test-stages.ts';
import { makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const cli = (name: string) => join(projectRoot, 'generator/cli', `${name}.ts`);

/** Runs a CLI in a fixture with plain pipes. */
function run(root: string, name: string, args: string[] = [], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [...TSX_LOADER, cli(name), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: '', NO_STANDIN: '1', ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Its stderr written straight to a file. */
function stderrToFile(root: string, name: string): string {
  const file = join(root, `${name}.stderr`);
  const fd = openSync(file, 'w');
  spawnSync(process.execPath, [...TSX_LOADER, cli(name)], { cwd: root, stdio: ['ignore', 'ignore', fd], env: { ...process.env, GITHUB_ACTIONS: '', NO_STANDIN: '1' } });
  closeSync(fd);
  return readFileSync(file, 'utf8');
}

/** Its stderr through a pipe that nobody reads for the first second and a half, as a busy CI log. */
function stderrThroughSlowPipe(root: string, name: string): Promise<{ text: string; code: number | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...TSX_LOADER, cli(name)], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, GITHUB_ACTIONS: '', NO_STANDIN: '1' } });
    const chunks: Buffer[] = [];
    child.stderr!.pause();
    setTimeout(() => {
      child.stderr!.on('data', (c: Buffer) => chunks.push(c));
      child.stderr!.resume();
    }, 1500);
    child.on('close', (code) => done({ text: Buffer.concat(chunks).toString('utf8'), code }));
  });
}

/** A site whose pages break in many ways: a report of several hundred KB. */
function brokenSite(files: number): string {
  const pages: Record<string, string> = { 'index.yaml': VALID_INDEX };
  for (let i = 0; i < files; i++) {
    pages[`blog/broken-${i}.yaml`] = `title: "Broken ${i}"\ndescription: "x"\nsections:\n${Array.from({ length: 8 }, (_, j) => `  - type: paragraf\n    text: "Paragraph ${j} of a long broken page number ${i}, padded out so the report grows."\n`).join('')}`;
  }
  return makeFixture(pages);
}

describe('whole reports through any pipe', () => {
  const root = brokenSite(300);

  it.each(['validate', 'build'])('%s: a report read late through a pipe equals the one written to a file', async (name) => {
    const toFile = stderrToFile(root, name);
    const piped = await stderrThroughSlowPipe(root, name);
    expect(toFile.length).toBeGreaterThan(300 * 1024);
    expect(piped.code).toBe(1);
    expect(piped.text).toBe(toFile);
    expect(piped.text.trimEnd().endsWith('2400 errors in 300 files.')).toBe(true);
    for (const i of [0, 150, 299]) expect(piped.text).toContain(`pages/blog/broken-${i}.yaml:`);
    // Two whole runs of the CLI over 300 files, one read slowly: over a minute on a loaded 2-core machine.
  }, 180_000);
});

/** One error (with %, comma, colon in its message), one warning (no preview source), one valid file. */
function mixedSite(): string {
  const root = makeFixture({
    'index.yaml': VALID_INDEX,
    'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "fine"\n    "50%, odd: key": 1\n',
    'valid.yaml': 'title: "Valid"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "All good."\n',
  });
  rmSync(join(root, 'content/previews/instagram-detox-preview.yaml'));
  return root;
}

describe('report formats', () => {
  const root = mixedSite();

  it('github: one escaped annotation per diagnostic, and the pretty report folded for the log', () => {
    const r = run(root, 'validate', ['--format', 'github']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    const error = lines.find((l) => l.startsWith('::error '))!;
    expect(error).toBe(
      '::error file=pages/about.yaml,line=6,col=5,endLine=6,endColumn=20,title=Unknown field (UnknownField)::sections[0].50%25, odd: key: unknown field "50%25, odd: key"; allowed: type, variants, id, text%0ARemove it or fix its spelling; the schema lists the allowed fields.',
    );
    const warning = lines.find((l) => l.startsWith('::warning '))!;
    expect(warning).toMatch(/^::warning file=site\.config\.yaml,line=\d+,col=\d+,.*title=No preview for a platform guide \(MissingPreview\)::products\[0\]\.id: product "instagram" has no preview source/);
    expect(lines.filter((l) => l.startsWith('::error ') || l.startsWith('::warning '))).toHaveLength(2);
    expect(r.stdout).toContain('::group::1 error and 1 warning in 2 files. Full report\n');
    expect(r.stdout).toContain('::endgroup::');
    expect(r.stdout).not.toContain('pages/valid.yaml');
  });

  it('github is the default inside GitHub Actions', () => {
    const r = run(root, 'validate', [], { GITHUB_ACTIONS: 'true' });
    expect(r.stdout).toMatch(/^::error file=pages\/about\.yaml/m);
  });

  it('json: one document that matches schemas/report.schema.json', () => {
    const r = run(root, 'validate', ['--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { ok: boolean; diagnostics: { name: string; severity: string; file: string }[]; totals: Record<string, number> };
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    const validate = ajv.compile(JSON.parse(readFileSync(join(projectRoot, 'schemas/report.schema.json'), 'utf8')) as object);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.ok).toBe(false);
    expect(report.totals).toEqual({ errors: 1, warnings: 1, files: 2 });
    expect(report.diagnostics.map((d) => [d.file, d.severity, d.name])).toEqual([
      ['pages/about.yaml', 'error', 'UnknownField'],
      ['site.config.yaml', 'warning', 'MissingPreview'],
    ]);
  });

  it('pretty: the located report with titles, hints and a summary, on stderr', () => {
    const r = run(root, 'validate');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pages/about.yaml:6:5 sections[0].50%, odd: key: unknown field "50%, odd: key"');
    expect(r.stderr).toContain('  Unknown field [UnknownField]');
    expect(r.stderr).toContain('  warning: No preview for a platform guide [MissingPreview]');
    expect(r.stderr.trimEnd().endsWith('1 error and 1 warning in 2 files.')).toBe(true);
  });
});

describe('exit codes', () => {
  it('0 for a valid site, warnings allowed; 1 past --max-warnings', () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    expect(run(root, 'validate').code).toBe(0);
    rmSync(join(root, 'content/previews/instagram-detox-preview.yaml'));
    const warned = run(root, 'validate');
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain('MissingPreview');
    expect(run(root, 'validate', ['--max-warnings', '1']).code).toBe(0);
    const over = run(root, 'validate', ['--max-warnings', '0']);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('1 warnings, more than --max-warnings 0 allows.');
  });

  it('1 for invalid pages', () => {
    expect(run(mixedSite(), 'validate').code).toBe(1);
  });

  it.each([
    [['--formt', 'json'], 'validate: unknown option --formt; did you mean --format? Options: --format, --max-warnings, --as-of, --verdicts, --help'],
    [['--format', 'xml'], 'validate: --format must be one of pretty, github, json, got "xml"'],
    [['--max-warnings', 'many'], 'validate: --max-warnings must be a whole number, got "many"'],
    [['pages/nope.yaml'], 'validate: no such file: pages/nope.yaml'],
  ])('2 with one line for a usage error: %j', (args, line) => {
    const r = run(makeFixture({ 'index.yaml': VALID_INDEX }), 'validate', args);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(line);
  });

  it('2 for the other CLIs’ usage errors too', () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    expect(run(root, 'build', ['--fromat', 'json']).code).toBe(2);
    expect(run(root, 'new', ['article']).code).toBe(2);
    expect(run(root, 'new', ['recipe', 'x']).stderr).toContain('unknown kind "recipe"');
  });

  it('2 with one line, no stack, when the generator itself fails', () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    // A schema folder that is not JSON is the tool's problem, not the pages'.
    writeFileSync(join(root, 'schemas/page.schema.json'), '{ not json');
    const r = run(root, 'validate');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^validate: the tool itself failed: /);
  });
});

describe('named files', () => {
  it('reports only the named files, checked against the whole site', () => {
    const root = makeFixture({
      'index.yaml': VALID_INDEX,
      'blog/named.yaml': 'title: "Named"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "Go [there](/missing-page) and [home](/)."\n',
      'broken.yaml': 'title: "Broken"\ndescription: "x"\nsections:\n  - type: paragraf\n    text: "x"\n',
    });
    const r = run(root, 'validate', ['pages/blog/named.yaml', '--format', 'json']);
    const report = JSON.parse(r.stdout) as { diagnostics: { file: string; name: string; message: string }[] };
    expect(report.diagnostics.map((d) => [d.file, d.name, d.message])).toEqual([['pages/blog/named.yaml', 'BrokenLink', 'link /missing-page goes to no page']]);
    expect(r.code).toBe(1);
    const clean = run(root, 'validate', ['pages/index.yaml']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('1 file valid against the whole site');
  });
});

describe("named files leave other files' warnings out", () => {
  it("a warning in the site config is reported by the whole site's check, not by a named page's", () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "Hello."\n' });
    rmSync(join(root, 'content'), { recursive: true, force: true }); // its platform now has no preview: a warning
    const names = (r: { stdout: string }) => (JSON.parse(r.stdout) as { diagnostics: { file: string; name: string }[] }).diagnostics.map((d) => `${d.file} ${d.name}`);
    const whole = run(root, 'validate', ['--format', 'json']);
    expect(names(whole)).toEqual(['site.config.yaml MissingPreview']);
    const named = run(root, 'validate', ['pages/about.yaml', '--format', 'json']);
    expect(named.code).toBe(0);
    expect(names(named)).toEqual([]);
  });
});

describe('named files never hide what breaks the whole site', () => {
  it('a second featured article, and an error in the site config, are reported with the named file', () => {
    const featured = (slug: string) => `template: article\ntitle: "${slug}"\ndescription: "x"\narticle:\n  excerpt: "x"\n  category: Science\n  date: "2025-01-20"\n  readTime: 1\n  featured: true\n  author: { name: "A", title: "B" }\nsections:\n  - type: paragraph\n    text: "${'word '.repeat(200).trim()}"\n`;
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'blog/old.yaml': featured('old'), 'blog/new.yaml': featured('new') });
    const both = run(root, 'validate', ['pages/blog/new.yaml', '--format', 'json']);
    expect(both.code).toBe(1);
    expect((JSON.parse(both.stdout) as { diagnostics: { name: string }[] }).diagnostics.map((d) => d.name)).toContain('FeaturedArticle');
    const configBroken = makeFixture({ 'index.yaml': VALID_INDEX }, MINIMAL_CONFIG.replace(/price: \d+/, 'price: "cheap"'));
    const r = run(configBroken, 'validate', ['pages/index.yaml', '--format', 'json']);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { diagnostics: { file: string }[] }).diagnostics.map((d) => d.file)).toContain('site.config.yaml');
  });

  it('the folded log cannot carry workflow commands: a hostile key stays text', () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "a"\n    "x\\n::error file=site.config.yaml,line=1::Injected": 1\n' });
    const r = run(root, 'validate', ['--format', 'github']);
    const lines = r.stdout.split('\n');
    const start = lines.findIndex((l) => l.startsWith('::stop-commands::'));
    const token = lines[start]!.slice('::stop-commands::'.length);
    const end = lines.indexOf(`::${token}::`);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    // Every line GitHub would read as a command outside the stopped block is one of ours.
    const outside = [...lines.slice(0, start), ...lines.slice(end + 1)].filter((l) => l.startsWith('::'));
    expect(outside.every((l) => /^::(error|warning) file=pages\/about\.yaml|^::group::|^::endgroup::/.test(l))).toBe(true);
    expect(lines.slice(start, end).some((l) => l.startsWith('::error file=site.config.yaml'))).toBe(true); // inert inside
  });
});

describe('the shipped workflow', () => {
  const workflow = parse(readFileSync(join(projectRoot, '.github/workflows/site.yml'), 'utf8')) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
  const runs = steps.map((s) => s.run ?? '').join('\n');
  const scripts = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('names only npm scripts that exist', () => {
    const named = [...runs.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(Object.keys(scripts), `npm run ${name}`).toContain(name);
  });

  it('runs every check the README’s test command runs, then builds and keeps the site', () => {
    // `npm test` runs its stages' npm scripts (generator/cli/test.ts).
    expect(scripts.test).toBe('tsx generator/cli/test.ts');
    expect(TEST_STAGES.length).toBeGreaterThan(0);
    for (const { script } of TEST_STAGES) expect(runs).toContain(`npm run ${script}`);
    expect(runs).toContain('npm run build');
    expect(runs).toMatch(/npm ci/);
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('dist/');
  });

  it('runs on pull requests and pushes to main, reads only, with actions pinned to versions', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request', 'push']));
    expect((workflow.on.push as { branches: string[] }).branches).toContain('main');
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const s of steps.filter((x) => x.uses)) expect(s.uses).toMatch(/^[\w-]+\/[\w-]+@v\d+\.\d+\.\d+$/);
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.cache).toBe('npm');
  });
});
