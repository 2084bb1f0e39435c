// Any field of a template page can be varied (issue 41): `variants` on a `template: platform` page
// override `platform:`'s fields, validated against the platform schema where written, and both files
// are prerendered. On the platform-experiment-site fixture.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { copyProject, errorsOf, fixtureDir, fixtureSite } from './fixture.ts';

const AS_OF = new Date('2026-02-01T12:00:00Z');
const PAGE = 'pages/instagram-detox.yaml';
const written = readFileSync(join(fixtureDir('platform-experiment-site'), PAGE), 'utf8');
const platform = parse(written).platform as { headline: string; final: { heading: string }; variants: { b: { headline: string; final: { heading: string } } } };

/** The fixture compiled with its platform page's text changed by `edit`. */
function compileWith(edit: (text: string) => string) {
  const root = fixtureSite('platform-experiment-site');
  writeFileSync(join(root, PAGE), edit(written));
  try {
    return compileSite(root, { asOf: AS_OF });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('variants of a platform page', () => {
  it('validate, and make a variant whose blocks show its fields and the control’s for the rest', () => {
    const r = compileWith((t) => t);
    expect(errorsOf(r.diagnostics)).toEqual([]);
    const control = r.site!.pages.find((p) => p.route === '/instagram-detox')!;
    const variant = r.site!.variants!.find((p) => p.route === '/instagram-detox' && p.variant === 'b')!;
    const text = (p: typeof control) => JSON.stringify(p.sections);
    expect(text(variant)).toContain(platform.variants.b.headline);
    expect(text(variant)).toContain(platform.variants.b.final.heading);
    expect(text(variant)).not.toContain(platform.headline);
    expect(text(control)).toContain(platform.headline);
    expect(text(control)).not.toContain(platform.variants.b.headline);
    // The blocks the variant does not change are the control's, the same in both.
    expect(variant.sections.map((s) => s.type)).toEqual(control.sections.map((s) => s.type));
    const same = control.sections.filter((s, i) => JSON.stringify(s) === JSON.stringify(variant.sections[i]));
    expect(same.length).toBe(control.sections.length - 2);
    expect(text(control)).not.toContain('"variants"');
  });

  it('refuses a misspelt field where it is written, with the field meant', () => {
    const r = compileWith((t) => t.replace('      headline: "Thirty', '      headlin: "Thirty'));
    const d = errorsOf(r.diagnostics);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ file: PAGE, line: lineOf(written, 'headline: "Thirty'), path: 'platform.variants.b.headlin' });
    expect(d[0]!.message).toContain('headlin');
    expect(d[0]!.message).toContain('headline');
  });

  it('refuses a value the platform schema does not allow, at its line', () => {
    const r = compileWith((t) => t.replace('      headline: "Thirty Days to an Instagram That Serves You"', '      headline: 5'));
    expect(errorsOf(r.diagnostics)).toMatchObject([{ file: PAGE, line: lineOf(written, 'headline: "Thirty'), path: 'platform.variants.b.headline' }]);
  });

  it('refuses a variant the experiment does not declare, and variants without an experiment', () => {
    const unknown = compileWith((t) => t.replace('  variants:\n    b:\n', '  variants:\n    c:\n'));
    expect(errorsOf(unknown.diagnostics).map((d) => d.name)).toContain('UnknownVariant');
    const none = compileWith((t) => t.replace(/experiment:\n(?: {2}.*\n)+/, ''));
    expect(errorsOf(none.diagnostics)).toMatchObject([{ name: 'VariantsWithoutExperiment', file: PAGE, path: 'platform.variants' }]);
  });

  it('checks a variant’s image as the page’s own: a file missing from public/ is named where the variant gives it', () => {
    const r = compileWith((t) => t.replace('  variants:\n    b:\n', '  variants:\n    b:\n      image: { src: "/images/platforms/missing.svg", alt: "A phone", width: 480, height: 400 }\n'));
    const d = errorsOf(r.diagnostics);
    expect(d.length).toBeGreaterThan(0);
    expect(d.every((x) => x.path.startsWith('platform.variants.b.image'))).toBe(true);
  });
});

describe('a platform page under an experiment, built', () => {
  let root = '';
  afterAll(() => {
    for (const d of [root, `${root}-out`, `${root}-cache`]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('writes the control and the variant, each with its own headline and final call', () => {
    root = copyProject('platform-variants-', 'platform-experiment-site');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'generator/cli/build.ts', '--as-of', AS_OF.toISOString()], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, OUT_DIR: `${root}-out`, VITE_SUPABASE_ANON_KEY: '', SITE_CACHE_DIR: `${root}-cache`, EXPERIMENT_SECRET: '', NO_COLOR: '1' },
    });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const control = readFileSync(join(`${root}-out`, 'instagram-detox/index.html'), 'utf8');
    const variant = readFileSync(join(`${root}-out`, 'instagram-detox/index.b.html'), 'utf8');
    // As React writes text: an apostrophe escaped. Booleans, so a failure does not print the whole page.
    const has = (html: string, text: string) => html.includes(text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    expect(variant).toContain('data-variant="b"');
    expect(has(variant, platform.variants.b.headline)).toBe(true);
    expect(has(variant, platform.variants.b.final.heading)).toBe(true);
    expect(has(control, platform.headline)).toBe(true);
    expect(has(control, platform.final.heading)).toBe(true);
    expect(has(control, platform.variants.b.headline)).toBe(false);
    expect(has(variant, platform.headline)).toBe(false);
  }, 240_000);
});
