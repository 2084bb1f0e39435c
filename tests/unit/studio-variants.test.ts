// The studio's variant edits (issue 33), as the YAML text they write: on a page of the experiment-site
// fixture with comments everywhere, an edit made while a variant is shown writes only that block's
// override (the smallest diff; comments kept), bringing a field back to the control's value removes the
// override, and choosing a winner (a variant or the control) folds the overrides into the blocks and
// removes every `variants` and the experiment, after which the site compiles without errors.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { applyEdits, EditError } from '../../generator/studio/yaml-edit.ts';
import type { Edit } from '../../studio/api.ts';
import { removeVariantEdits, variantEdits, winnerEdits, type PageData, type BlockData } from '../../studio/variants.ts';
import { errorsOf, fixtureSite } from './fixture.ts';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The fixture's landing page, with comments on the experiment, a block, its override and a nested field. */
const PAGE = readFileSync(join(fixtureSite('experiment-site'), 'pages/index.yaml'), 'utf8')
  .replace('experiment:\n', '# Which headline sells more?\nexperiment:\n')
  .replace('  - type: hero\n', '  # The first screen.\n  - type: hero\n')
  .replace('    variants:\n', '    # What version b changes.\n    variants:\n')
  .replace('      label: "Go"', '      label: "Go" # the button')
  .replace('    heading: "Choose"', '    heading: "Choose" # kept as it is');

const dataOf = (text: string) => parseDocument(text).toJS() as PageData;
const sectionOf = (text: string, i: number) => dataOf(text).sections![i] as BlockData;
const heroAt = (text: string) => dataOf(text).sections!.findIndex((s) => s.type === 'hero');
const productsAt = (text: string) => dataOf(text).sections!.findIndex((s) => s.type === 'products');

/** The lines that differ between two texts, between their common first and last lines. */
function changed(a: string, b: string): { removed: string[]; added: string[] } {
  const A = a.split('\n'), B = b.split('\n');
  let head = 0;
  while (head < A.length && head < B.length && A[head] === B[head]) head++;
  let tail = 0;
  while (tail < A.length - head && tail < B.length - head && A[A.length - 1 - tail] === B[B.length - 1 - tail]) tail++;
  return { removed: A.slice(head, A.length - tail), added: B.slice(head, B.length - tail) };
}

/** An edit the block's form makes (as for the control), made for `variant` and written. */
function formEdit(text: string, i: number, variant: string, edit: Edit): string {
  return applyEdits(text, variantEdits(sectionOf(text, i), ['sections', i], variant, edit));
}

/** The text compiled as the experiment-site's landing page: its errors. */
function compileErrors(text: string) {
  const root = fixtureSite('experiment-site');
  made.push(root);
  writeFileSync(join(root, 'pages/index.yaml'), text);
  return errorsOf(compileSite(root, { asOf: new Date('2026-02-01T00:00:00Z') }).diagnostics);
}

describe('editing a variant', () => {
  it('the fixture page compiles, comments and all', () => {
    expect(compileErrors(PAGE)).toEqual([]);
  });

  it("changes the variant's override of a field it already overrides: one line, the control's untouched", () => {
    const i = heroAt(PAGE);
    const out = formEdit(PAGE, i, 'b', { op: 'set', path: ['sections', i, 'headline'], value: 'Evenings are yours again' });
    expect(changed(PAGE, out)).toEqual({ removed: ['        headline: "Take back your evenings"'], added: ['        headline: "Evenings are yours again"'] });
    expect(sectionOf(out, i).headline).toBe(sectionOf(PAGE, i).headline);
  });

  it('adds an override for a field the variant did not change: only the new lines, under variants.b', () => {
    const i = heroAt(PAGE);
    const out = formEdit(PAGE, i, 'b', { op: 'set', path: ['sections', i, 'subheadline'], value: 'Thirty days' });
    const diff = changed(PAGE, out);
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual(['        subheadline: "Thirty days"']);
    expect(sectionOf(out, i).variants!.b).toMatchObject({ subheadline: 'Thirty days' });
    expect(sectionOf(out, i).subheadline).toBeUndefined();
    expect(compileErrors(out)).toEqual([]);
  });

  it("writes a nested field's change as the whole field the variant replaces, the control's comment kept", () => {
    const i = heroAt(PAGE);
    const out = formEdit(PAGE, i, 'b', { op: 'set', path: ['sections', i, 'button', 'label'], value: 'Start tonight' });
    const hero = sectionOf(out, i);
    expect(hero.variants!.b!.button).toEqual({ ...(hero.button as object), label: 'Start tonight' });
    expect(hero.button).toEqual(sectionOf(PAGE, i).button);
    expect(out).toContain('label: "Go" # the button');
    expect(changed(PAGE, out).removed).toEqual([]);
    // Once written, the override itself changes by one line.
    const again = formEdit(out, i, 'b', { op: 'set', path: ['sections', i, 'button', 'label'], value: 'Start today' });
    expect(changed(out, again).added).toEqual(['          label: "Start today"']);
  });

  it('starts the variants of a block that had none, and removes them when the field is back to the control', () => {
    const i = productsAt(PAGE);
    const out = formEdit(PAGE, i, 'b', { op: 'set', path: ['sections', i, 'heading'], value: 'Pick yours' });
    expect(sectionOf(out, i).variants).toEqual({ b: { heading: 'Pick yours' } });
    expect(changed(PAGE, out).removed).toEqual([]);
    expect(compileErrors(out)).toEqual([]);
    const back = formEdit(out, i, 'b', { op: 'set', path: ['sections', i, 'heading'], value: 'Choose' });
    expect(back).toBe(PAGE);
  });

  it("removes the variant's last override, and with it the block's variants (and their comment)", () => {
    const i = heroAt(PAGE);
    const out = formEdit(PAGE, i, 'b', { op: 'set', path: ['sections', i, 'headline'], value: sectionOf(PAGE, i).headline });
    expect(sectionOf(out, i).variants).toBeUndefined();
    expect(changed(PAGE, out)).toEqual({ removed: ['    # What version b changes.', '    variants:', '      b:', '        headline: "Take back your evenings"'], added: [] });
  });

  it('edits the control as before when the control is shown', () => {
    const i = heroAt(PAGE);
    const out = formEdit(PAGE, i, 'control', { op: 'set', path: ['sections', i, 'headline'], value: 'Hi' });
    expect(changed(PAGE, out)).toEqual({ removed: ['    headline: "Hello"'], added: ['    headline: "Hi"'] });
  });

  it('refuses a path that reaches a prototype, in a variant as anywhere', () => {
    const i = heroAt(PAGE);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(() => formEdit(PAGE, i, 'b', { op: 'set', path: ['sections', i, key, 'x'], value: 1 })).toThrow(EditError);
      expect(() => formEdit(PAGE, i, key, { op: 'set', path: ['sections', i, 'headline'], value: 'x' })).toThrow(EditError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('choosing a winner', () => {
  it("makes the variant's overrides the blocks' fields and removes the experiment, comments kept", () => {
    const i = heroAt(PAGE);
    const withTwo = formEdit(PAGE, productsAt(PAGE), 'b', { op: 'set', path: ['sections', productsAt(PAGE), 'heading'], value: 'Pick yours' });
    const out = applyEdits(withTwo, winnerEdits(dataOf(withTwo), 'b'));
    const page = dataOf(out);
    expect(page.experiment).toBeUndefined();
    expect(page.sections!.every((s) => s.variants === undefined)).toBe(true);
    expect(page.sections![i]!.headline).toBe(sectionOf(PAGE, i).variants!.b!.headline);
    expect(page.sections![productsAt(PAGE)]!.heading).toBe('Pick yours');
    // The winning headline is written where the control's was: one line changed there.
    expect(out).toContain(`    headline: "${sectionOf(PAGE, i).variants!.b!.headline}"`);
    for (const comment of ['# The first screen.', '# the button', 'heading: "Pick yours" # kept as it is']) expect(out).toContain(comment);
    expect(out).not.toContain('# Which headline sells more?');
    expect(out).not.toContain('# What version b changes.');
    expect(compileErrors(out)).toEqual([]);
  });

  it('with the control as winner, only removes the variants and the experiment', () => {
    const out = applyEdits(PAGE, winnerEdits(dataOf(PAGE), 'control'));
    const { experiment: _, sections, ...rest } = dataOf(PAGE);
    expect(dataOf(out)).toEqual({ ...rest, sections: sections!.map(({ variants: _v, ...s }) => s) });
    // Every other line as it was: the diff only removes lines.
    const A = PAGE.split('\n');
    const B = out.split('\n');
    expect(B.every((line) => A.includes(line))).toBe(true);
    expect(A.length - B.length).toBe(10);
    expect(compileErrors(out)).toEqual([]);
  });

  it('a variant taken out of the experiment takes its overrides with it', () => {
    const two = applyEdits(PAGE, [{ op: 'insert', path: ['experiment', 'variants'], index: 1, value: 'c' }]);
    const i = heroAt(two);
    const withC = formEdit(two, i, 'c', { op: 'set', path: ['sections', i, 'headline'], value: 'Version c' });
    expect(sectionOf(withC, i).variants).toEqual({ b: sectionOf(PAGE, i).variants!.b, c: { headline: 'Version c' } });
    expect(compileErrors(withC)).toEqual([]);
    const out = applyEdits(withC, removeVariantEdits(dataOf(withC), 'c'));
    expect(out).toBe(PAGE);
  });
});
