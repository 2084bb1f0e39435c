// The source of a PDF guide (a platform preview or the starter kit), written
// in YAML under content/, and its loader. Errors name the file and the path
// inside it, so a writer can fix the YAML without reading this code.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Inline text is the site's inline Markdown (model/markup.ts): **bold** runs are set bold. */
export type GuideBlock =
  | { p: string }
  | { h3: string }
  | { bullets: string[] }
  | { numbered: string[] }
  | { checklist: string[] }
  | { callout: string; title?: string }
  | { quote: string; by?: string };

export interface GuideSection {
  /** Small line above the heading, e.g. "Day 1" or "Part 2". */
  kicker?: string;
  heading: string;
  /** Start this section on a fresh page. */
  newPage?: boolean;
  blocks: GuideBlock[];
}

export interface GuideSource {
  title: string;
  subtitle?: string;
  /** Label on the cover and in the running header, e.g. "Free preview". */
  badge?: string;
  /** Brand colour as #rrggbb. */
  accent?: string;
  /** Who publishes it, printed on the cover and in the footer. */
  publisher?: string;
  /** Fixed document date (YYYY-MM-DD), so rendering the same source gives the same bytes. */
  date?: string;
  cover?: { highlights?: string[]; note?: string };
  sections: GuideSection[];
}

export class GuideSourceError extends Error {}

const BLOCK_KINDS = ['p', 'h3', 'bullets', 'numbered', 'checklist', 'callout', 'quote'] as const;

function fail(file: string, path: string, expected: string, found: unknown): never {
  const shown = found === undefined ? 'nothing' : Array.isArray(found) ? 'a list' : typeof found === 'object' ? 'a mapping' : JSON.stringify(found);
  throw new GuideSourceError(`${file}: ${path || '(top level)'}: expected ${expected}, found ${shown}`);
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function text(file: string, path: string, v: unknown): string {
  if (!isText(v)) fail(file, path, 'a non-empty string', v);
  return v;
}

function optionalText(file: string, path: string, v: unknown): string | undefined {
  return v === undefined ? undefined : text(file, path, v);
}

function texts(file: string, path: string, v: unknown): string[] {
  if (!Array.isArray(v) || v.length === 0) fail(file, path, 'a non-empty list of strings', v);
  return v.map((item, i) => text(file, `${path}[${i}]`, item));
}

function block(file: string, path: string, v: unknown): GuideBlock {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(file, path, `a block (${BLOCK_KINDS.join(', ')})`, v);
  const o = v as Record<string, unknown>;
  const kinds = BLOCK_KINDS.filter((k) => k in o);
  if (kinds.length !== 1) fail(file, path, `exactly one of ${BLOCK_KINDS.join(', ')}`, Object.keys(o).join(', ') || v);
  const kind = kinds[0]!;
  const allowed: Record<string, string[]> = { callout: ['callout', 'title'], quote: ['quote', 'by'] };
  const extra = Object.keys(o).filter((k) => !(allowed[kind] ?? [kind]).includes(k));
  if (extra.length) fail(file, `${path}.${extra[0]}`, `no other field beside ${kind}`, o[extra[0]!]);
  switch (kind) {
    case 'p':
      return { p: text(file, `${path}.p`, o.p) };
    case 'h3':
      return { h3: text(file, `${path}.h3`, o.h3) };
    case 'bullets':
      return { bullets: texts(file, `${path}.bullets`, o.bullets) };
    case 'numbered':
      return { numbered: texts(file, `${path}.numbered`, o.numbered) };
    case 'checklist':
      return { checklist: texts(file, `${path}.checklist`, o.checklist) };
    case 'callout':
      return { callout: text(file, `${path}.callout`, o.callout), title: optionalText(file, `${path}.title`, o.title) };
    case 'quote':
      return { quote: text(file, `${path}.quote`, o.quote), by: optionalText(file, `${path}.by`, o.by) };
  }
}

/** Checks a parsed document and returns it typed; `file` is only used in messages. */
export function toGuideSource(data: unknown, file: string): GuideSource {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail(file, '', 'a mapping', data);
  const d = data as Record<string, unknown>;
  const accent = optionalText(file, 'accent', d.accent);
  if (accent && !/^#[0-9a-fA-F]{6}$/.test(accent)) fail(file, 'accent', 'a colour like #1877f2', accent);
  const date = optionalText(file, 'date', d.date instanceof Date ? d.date.toISOString().slice(0, 10) : d.date);
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(file, 'date', 'a date like 2025-01-31', date);
  let cover: GuideSource['cover'];
  if (d.cover !== undefined) {
    if (typeof d.cover !== 'object' || d.cover === null || Array.isArray(d.cover)) fail(file, 'cover', 'a mapping', d.cover);
    const c = d.cover as Record<string, unknown>;
    cover = {
      highlights: c.highlights === undefined ? undefined : texts(file, 'cover.highlights', c.highlights),
      note: optionalText(file, 'cover.note', c.note),
    };
  }
  if (!Array.isArray(d.sections) || d.sections.length === 0) fail(file, 'sections', 'a non-empty list of sections', d.sections);
  const sections = d.sections.map((s: unknown, i: number): GuideSection => {
    const path = `sections[${i}]`;
    if (typeof s !== 'object' || s === null || Array.isArray(s)) fail(file, path, 'a section (heading, blocks)', s);
    const o = s as Record<string, unknown>;
    if (!Array.isArray(o.blocks) || o.blocks.length === 0) fail(file, `${path}.blocks`, 'a non-empty list of blocks', o.blocks);
    if (o.newPage !== undefined && typeof o.newPage !== 'boolean') fail(file, `${path}.newPage`, 'true or false', o.newPage);
    return {
      kicker: optionalText(file, `${path}.kicker`, o.kicker),
      heading: text(file, `${path}.heading`, o.heading),
      newPage: o.newPage as boolean | undefined,
      blocks: o.blocks.map((b: unknown, j: number) => block(file, `${path}.blocks[${j}]`, b)),
    };
  });
  return {
    title: text(file, 'title', d.title),
    subtitle: optionalText(file, 'subtitle', d.subtitle),
    badge: optionalText(file, 'badge', d.badge),
    accent,
    publisher: optionalText(file, 'publisher', d.publisher),
    date,
    cover,
    sections,
  };
}

export function loadGuideSource(file: string): GuideSource {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new GuideSourceError(`${file}: not valid YAML: ${e instanceof Error ? e.message : String(e)}`);
  }
  return toGuideSource(data, file);
}
