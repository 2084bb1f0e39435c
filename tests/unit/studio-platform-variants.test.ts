// The studio editing a platform page's variant (issue 41), as the YAML it writes: on the
// platform-experiment-site fixture, a field changed while variant b is shown becomes b's override under
// `platform.variants`, the control's value brings it back, the winner folds b's fields into the page,
// and each result compiles, the variant showing what was written.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { applyEdits } from '../../generator/studio/yaml-edit.ts';
import { canVary, removeVariantEdits, variantEdits, winnerEdits, type PageData, type BlockData } from '../../studio/variants.ts';
import { errorsOf, fixtureDir, fixtureSite } from './fixture.ts';

const FILE = 'pages/instagram-detox.yaml';
const PAGE = readFileSync(join(fixtureDir('platform-experiment-site'), FILE), 'utf8');
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const dataOf = (text: string) => parseDocument(text).toJS() as PageData;
const platformOf = (text: string) => dataOf(text).platform as BlockData;
/** A change the platform form makes (its paths as for the control), made for `variant` and written. */
const formEdit = (text: string, variant: string, key: string, value: unknown) => applyEdits(text, variantEdits(platformOf(text), ['platform'], variant, { op: 'set', path: ['platform', key], value }));

function compiled(text: string) {
  const root = fixtureSite('platform-experiment-site');
  made.push(root);
  writeFileSync(join(root, FILE), text);
  const r = compileSite(root, { asOf: new Date('2026-02-01T00:00:00Z') });
  const page = r.site?.pages.find((p) => p.route === '/instagram-detox');
  const variant = r.site?.variants?.find((p) => p.route === '/instagram-detox' && p.variant === 'b');
  return { errors: errorsOf(r.diagnostics), control: JSON.stringify(page?.sections ?? []), variant: variant && JSON.stringify(variant.sections) };
}

describe('the studio on a platform page’s variant', () => {
  it('writes a field changed in variant b under platform.variants.b, leaving the control as it was', () => {
    const sub = 'A calmer feed in thirty days, without deleting the app.';
    const after = formEdit(PAGE, 'b', 'subheadline', sub);
    expect(platformOf(after).subheadline).toBe(platformOf(PAGE).subheadline);
    expect(platformOf(after).variants!.b!.subheadline).toBe(sub);
    // Only added lines: nothing of the control's text moved.
    const before = PAGE.split('\n');
    expect(after.split('\n').filter((l) => !before.includes(l))).toEqual([`      subheadline: "${sub}"`]);
    const c = compiled(after);
    expect(c.errors).toEqual([]);
    expect(c.variant).toContain(sub);
    expect(c.control).not.toContain(sub);
  });

  it('removes the override when the control’s value is typed back', () => {
    const control = platformOf(PAGE).headline;
    const after = formEdit(PAGE, 'b', 'headline', control);
    expect(Object.hasOwn(platformOf(after).variants!.b!, 'headline')).toBe(false);
    expect(compiled(after).errors).toEqual([]);
  });

  it('makes b the page when b wins: its fields become the platform’s own, and the experiment goes', () => {
    const b = platformOf(PAGE).variants!.b!;
    const after = applyEdits(PAGE, winnerEdits(dataOf(PAGE), 'b'));
    const data = dataOf(after);
    expect(data.experiment).toBeUndefined();
    expect((data.platform as BlockData).variants).toBeUndefined();
    expect((data.platform as BlockData).headline).toBe(b.headline);
    const c = compiled(after);
    expect(c.errors).toEqual([]);
    expect(c.control).toContain(String(b.headline));
    expect(c.variant).toBeUndefined();
  });

  it('takes a removed variant’s changes out of the platform too', () => {
    const after = applyEdits(PAGE, removeVariantEdits(dataOf(PAGE), 'b'));
    expect((dataOf(after).platform as BlockData).variants).toBeUndefined();
    expect(dataOf(after).experiment!.variants).toEqual([]);
  });

  it('offers an experiment only where a variant could change something', () => {
    expect(canVary(dataOf(PAGE))).toBe(true);
    expect(canVary({ title: 'x', sections: [{ type: 'hero' }] })).toBe(true);
    expect(canVary({ title: 'x', sections: [] })).toBe(false);
  });
});
