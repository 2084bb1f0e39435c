// Experiments in YAML (issue 33, point 1): a page declares an experiment, sections give per-variant
// overrides, each checked against its own block's schema and the experiment, located where written.
// Run on the experiment-site fixture (tests/fixtures/experiment-site).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { copyProject, fixtureSite, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The experiment site with its landing page's text changed by `edit`. */
function site(edit: (index: string) => string = (s) => s, config: (c: string) => string = (c) => c): string {
  const root = fixtureSite('experiment-site');
  made.push(root);
  const index = join(root, 'pages/index.yaml');
  writeFileSync(index, edit(readFileSync(index, 'utf8')));
  const cfg = join(root, 'site.config.yaml');
  writeFileSync(cfg, config(readFileSync(cfg, 'utf8')));
  return root;
}
const errorsOf = (root: string, asOf = new Date('2026-02-01T00:00:00Z')) => compileSite(root, { asOf }).diagnostics;
const lineOf = (root: string, needle: string) => readFileSync(join(root, 'pages/index.yaml'), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('experiments in YAML', () => {
  it('compiles the control as the page as written and each variant with its overrides', () => {
    const r = compileSite(site(), { asOf: new Date('2026-02-01T00:00:00Z') });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const home = r.site!.pages.find((p) => p.route === '/')!;
    const hero = (p: typeof home) => p.sections.find((s) => s.type === 'hero') as { headline: string; variants?: unknown };
    expect(home.experiment?.id).toBe('home-headline');
    expect(home.variant).toBeUndefined();
    expect(hero(home).variants).toBeUndefined();
    const written = readFileSync(join(projectRoot, 'tests/fixtures/experiment-site/pages/index.yaml'), 'utf8');
    expect(written).toContain(`headline: "${hero(home).headline}"`);
    const variants = r.site!.variants ?? [];
    expect(variants.map((v) => [v.route, v.variant])).toEqual([['/', 'b']]);
    expect(hero(variants[0]!).headline).not.toBe(hero(home).headline);
    expect(written).toContain(`headline: "${hero(variants[0]!).headline}"`);
    // Only the page's sections differ: the rest of the variant is its control's.
    expect(variants[0]!.sections.filter((s) => s.type !== 'hero')).toEqual(home.sections.filter((s) => s.type !== 'hero'));
    // A page without an experiment has none, and no variant.
    expect(r.site!.pages.find((p) => p.route === '/about')!.experiment).toBeUndefined();
  });

  it('reports a misspelt override field at its line, with the field it meant', () => {
    const root = site((s) => s.replace(/(\n {8})headline: "Take/, '$1headlin: "Take'));
    const d = errorsOf(root).find((e) => e.name === 'UnknownField');
    expect(d).toMatchObject({ file: 'pages/index.yaml', line: lineOf(root, 'headlin:'), column: 9 });
    expect(d!.message).toContain('did you mean "headline"');
  });

  it('checks an override against its block: a wrong type is an error in the override', () => {
    const root = site((s) => s.replace(/(\n {8})headline: "Take back your evenings"/, '$1headline: [1, 2]'));
    const d = errorsOf(root).find((e) => e.name === 'WrongType');
    expect(d).toMatchObject({ line: lineOf(root, 'headline: [1, 2]') });
  });

  it('refuses a variant the experiment does not declare, naming the declared ones', () => {
    const root = site((s) => s.replace(/(\n {6})b:\n/, '$1c:\n'));
    const d = errorsOf(root).find((e) => e.name === 'UnknownVariant');
    expect(d).toMatchObject({ line: lineOf(root, '      c:'), severity: 'error' });
    expect(d!.message).toContain('b');
  });

  it('refuses a goal site.config.yaml does not declare, with a guess', () => {
    const root = site((s) => s.replace('goal: buy', 'goal: bye'));
    const d = errorsOf(root).find((e) => e.name === 'UnknownGoal');
    expect(d).toMatchObject({ line: lineOf(root, 'goal: bye'), severity: 'error' });
    expect(d!.message).toContain('did you mean "buy"');
  });

  it('refuses two experiments on one page', () => {
    const root = site((s) => s.replace('sections:\n', 'experiment: { id: other, variants: [c], goal: buy, start: "2026-01-01" }\nsections:\n'));
    const found = errorsOf(root);
    expect(found.some((e) => e.severity === 'error' && e.name === 'DuplicateKey' && e.message.includes('experiment'))).toBe(true);
  });

  it('refuses variants on a page with no experiment', () => {
    const root = site((s) => s.replace(/experiment:\n(?: {2}.*\n)+/, ''));
    expect(errorsOf(root).find((e) => e.name === 'VariantsWithoutExperiment')).toMatchObject({ line: lineOf(root, 'variants:'), severity: 'error' });
  });

  it('npm run validate fails at the misspelt field, and warns about an experiment past its planned end', () => {
    const dir = copyProject('experiment-validate-', 'experiment-site');
    made.push(dir);
    const index = join(dir, 'pages/index.yaml');
    const good = readFileSync(index, 'utf8');
    const validate = () => spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/validate.ts', '--as-of', '2026-03-01'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    writeFileSync(index, good.replace(/(\n {8})headline: "Take/, '$1headlin: "Take'));
    const bad = validate();
    expect(bad.status).toBe(1);
    const line = readFileSync(index, 'utf8').split('\n').findIndex((l) => l.includes('headlin:')) + 1;
    expect(bad.stderr + bad.stdout).toContain(`pages/index.yaml:${line}:9`);
    expect(bad.stderr + bad.stdout).toContain('did you mean "headline"');
    writeFileSync(index, good.replace('start: "2026-01-01"', 'start: "2026-01-01"\n  end: "2026-02-01"'));
    const late = validate();
    expect(late.status).toBe(0);
    expect(late.stderr + late.stdout).toContain('planned to end on 2026-02-01');
  });
});

describe("overrides' own checks", () => {
  it('checks a link in an override as the section\'s own links are checked, at the override', () => {
    const root = site((s) => s.replace('headline: "Take back your evenings"', 'headline: "Take back your evenings"\n        button: { label: "Go", href: "/nowhere" }'));
    const d = errorsOf(root).find((e) => e.name === 'BrokenLink');
    expect(d).toMatchObject({ file: 'pages/index.yaml', line: lineOf(root, 'href: "/nowhere"'), severity: 'error' });
  });

  it('checks a product id in an override', () => {
    const root = site((s) => s.replace('    products: [instagram]', '    products: [instagram]\n    variants:\n      b:\n        featured: instagran'));
    const d = errorsOf(root).find((e) => e.name === 'UnknownProduct');
    expect(d).toMatchObject({ line: lineOf(root, 'featured: instagran'), severity: 'error' });
    expect(d!.message).toContain('instagram');
  });
});
