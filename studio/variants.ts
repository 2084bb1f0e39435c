// Experiments in the studio (issue 33): what the marketer does to a variant, as the ordinary Edits the
// server writes into the YAML (generator/studio/yaml-edit.ts), so a variant's change is as small a diff
// as any other and keeps the file's comments. A variant's override replaces a block's field whole
// (generator/core/experiments.ts), so:
// - editing a field while a variant is shown writes that top-level field under the block's
//   `variants.<variant>`, and only what differs from the override already written;
// - a field brought back to the control's value has no override any more, and an empty override (and
//   then an empty `variants`) goes with it;
// - choosing a winner writes the winner's overrides into the blocks' own fields and removes every
//   `variants` and the `experiment`.
// Pure (types only from the rest of the studio), so the unit tests run it against the real YAML edits.
import type { Edit, PathSegment } from './api.ts';
import { applyLocal } from './local-edit.ts';
import { arms, CONTROL } from '../model/analytics/experiment.ts';

export { arms, CONTROL };

export interface ExperimentData {
  id?: string;
  variants?: string[];
  goal?: string;
  start?: string;
  end?: string;
}

type Fields = Record<string, unknown>;
export type BlockData = Fields & { type?: string; variants?: Record<string, Fields> };
export type PageData = Fields & { experiment?: ExperimentData; sections?: BlockData[]; platform?: BlockData };

/**
 * Where a page's variants are written: each block's `variants`, and on a `template: platform` page the
 * platform's own (issue 41). Each with its path, so every edit below is the same for either.
 */
export function variantHolders(page: PageData): { at: PathSegment[]; holder: BlockData }[] {
  const out = (page.sections ?? []).flatMap((section, i) => (isObject(section) ? [{ at: ['sections', i] as PathSegment[], holder: section }] : []));
  return isObject(page.platform) ? [...out, { at: ['platform'], holder: page.platform }] : out;
}

/** Whether a page has anything a variant could change: a block, or a platform page's fields. */
export function canVary(page: PageData): boolean {
  return variantHolders(page).length > 0;
}

/** Keys the server refuses in any edit's path (generator/studio/yaml-edit.ts's checkPath). */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (v: unknown): v is Fields => !!v && typeof v === 'object' && !Array.isArray(v);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
}


/** A block's own fields, without its overrides. */
export function ownFields(section: BlockData): Fields {
  const { variants: _, ...own } = section;
  return own;
}

/** The fields a variant overrides in a block (none for the control). */
export function overridesOf(section: BlockData, variant: string): Fields {
  if (variant === CONTROL || !isObject(section.variants)) return {};
  const o = Object.hasOwn(section.variants, variant) ? section.variants[variant] : undefined;
  return isObject(o) ? o : {};
}

/** The block as the variant shows it: each overridden field replaced whole (as the compile merges it). */
export function shownAs(section: BlockData, variant: string): Fields {
  return { ...ownFields(section), ...overridesOf(section, variant) };
}

/**
 * The fewest Edits that turn `from` (at `path`) into `to`: a changed scalar is set in place, a mapping
 * is walked key by key, a list of the same length item by item; anything else is set whole.
 */
export function diffEdits(path: PathSegment[], from: unknown, to: unknown): Edit[] {
  if (sameValue(from, to)) return [];
  if (to === undefined) return [{ op: 'delete', path }];
  if (isObject(from) && isObject(to)) {
    const out: Edit[] = [];
    for (const k of Object.keys(to)) out.push(...(Object.hasOwn(from, k) ? diffEdits([...path, k], from[k], to[k]) : [{ op: 'set' as const, path: [...path, k], value: to[k] }]));
    for (const k of Object.keys(from)) if (!Object.hasOwn(to, k)) out.push({ op: 'delete', path: [...path, k] });
    return out;
  }
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) return to.flatMap((v, i) => diffEdits([...path, i], from[i], v));
  return [{ op: 'set', path, value: to }];
}

/** The Edits that remove `variant`'s override of `key` in the block at `at`, and the maps it leaves empty. */
function clearOverride(section: BlockData, at: PathSegment[], variant: string, key: string): Edit[] {
  const overrides = overridesOf(section, variant);
  if (!Object.hasOwn(overrides, key)) return [];
  if (Object.keys(overrides).length > 1) return [{ op: 'delete', path: [...at, 'variants', variant, key] }];
  if (Object.keys(section.variants ?? {}).length > 1) return [{ op: 'delete', path: [...at, 'variants', variant] }];
  return [{ op: 'delete', path: [...at, 'variants'] }];
}

/** The Edits that make `variant` show `value` for the block's field `key`, written as small as it can be. */
export function setOverride(section: BlockData, at: PathSegment[], variant: string, key: string, value: unknown): Edit[] {
  const own = ownFields(section)[key];
  // Back to the control's value: the override says nothing any more.
  if (sameValue(value, own)) return clearOverride(section, at, variant, key);
  const overrides = overridesOf(section, variant);
  if (Object.hasOwn(overrides, key)) return diffEdits([...at, 'variants', variant, key], overrides[key], value);
  if (isObject(section.variants) && Object.hasOwn(section.variants, variant) && isObject(section.variants[variant])) return [{ op: 'set', path: [...at, 'variants', variant, key], value }];
  if (isObject(section.variants)) return [{ op: 'set', path: [...at, 'variants', variant], value: { [key]: value } }];
  return [{ op: 'set', path: [...at, 'variants'], value: { [variant]: { [key]: value } } }];
}

/** `variant`'s override of `key` removed: the block shows the control's field again. */
export function resetOverride(section: BlockData, at: PathSegment[], variant: string, key: string): Edit[] {
  return clearOverride(section, at, variant, key);
}

/**
 * An Edit the block's form made (its paths under the block at `at`, as when the control is edited),
 * made for `variant` instead: the form's edit is applied to the block as the variant shows it, and the
 * top-level field it changed becomes that field's override.
 */
export function variantEdits(section: BlockData, at: PathSegment[], variant: string, edit: Edit): Edit[] {
  if (variant === CONTROL) return [edit];
  const rel = edit.path.slice(at.length);
  const key = rel[0];
  // Not a field of this block (or a key that reaches a prototype, which the server refuses as it is).
  if (edit.path.length <= at.length || at.some((seg, i) => edit.path[i] !== seg) || typeof key !== 'string' || key === 'type' || key === 'variants') return [edit];
  if (edit.path.some((seg) => typeof seg === 'string' && UNSAFE.has(seg))) return [edit];
  const shown = shownAs(section, variant);
  const after = applyLocal({ block: shown }, { ...edit, path: ['block', ...rel] } as Edit).block as Fields;
  let value = Object.hasOwn(after, key) ? after[key] : undefined;
  // An override cannot remove a field (it replaces it); an emptied text is written as empty.
  if (value === undefined) {
    const own = ownFields(section)[key];
    if (own === undefined) return clearOverride(section, at, variant, key);
    value = typeof own === 'string' ? '' : own;
  }
  return setOverride(section, at, variant, key, value);
}

/**
 * The experiment ended with `winner` as the page: each block takes the winner's overrides as its own
 * fields (none for the control), every `variants` goes, and so does the `experiment`. In that order,
 * so no edit's path moves under another.
 */
export function winnerEdits(page: PageData, winner: string): Edit[] {
  const out: Edit[] = [];
  for (const { at, holder } of variantHolders(page)) {
    if (!Object.hasOwn(holder, 'variants')) continue;
    const own = ownFields(holder);
    for (const [key, value] of Object.entries(overridesOf(holder, winner))) out.push(...diffEdits([...at, key], own[key], value));
    out.push({ op: 'delete', path: [...at, 'variants'] });
  }
  if (Object.hasOwn(page, 'experiment')) out.push({ op: 'delete', path: ['experiment'] });
  return out;
}

/** A variant taken out of the experiment: its overrides go from every block first. */
export function removeVariantEdits(page: PageData, variant: string): Edit[] {
  const out: Edit[] = [];
  for (const { at, holder } of variantHolders(page)) {
    if (!isObject(holder.variants) || !Object.hasOwn(holder.variants, variant)) continue;
    out.push(Object.keys(holder.variants).length > 1 ? { op: 'delete', path: [...at, 'variants', variant] } : { op: 'delete', path: [...at, 'variants'] });
  }
  const index = arms(page?.experiment).indexOf(variant) - 1;
  if (index >= 0) out.push({ op: 'delete', path: ['experiment', 'variants', index] });
  return out;
}

/** The next free variant id (b, c, d…), as the schema allows: lower-case, not "control". */
export function nextVariant(page: PageData): string {
  const taken = new Set(arms(page?.experiment));
  for (const id of 'bcdefghijklmnopqrstuvwxyz') if (!taken.has(id)) return id;
  return `v${taken.size}`;
}
