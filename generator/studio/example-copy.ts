// Copy a marketer has not written yet: text that came from a palette block (the block schema's
// `examples`, which the palette fills a new block with), from a starter of `npm run new`, or that starts
// with `DRAFT:`. The studio marks it on the block and in the Changes view; Publish refuses example copy
// on a page that is not a draft (the core refuses DRAFT: copy there already, core/draft-copy.ts).
//
// The schemas' examples are taken from the site's own pages, so "equals an example" alone would mark
// the very page an example was copied from. What counts is copy that equals an example *and is new to
// its file since the last commit*: a block just added from the palette, or a starter not yet rewritten.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { diagnostic, type Diagnostic } from '../core/errors.ts';
import { locate, parseSource, type PathSegment } from '../core/source.ts';
import { starterPlaceholders } from '../authoring/starters.ts';

const DRAFT_MARK = /^\s*DRAFT:/;

/** Copy, not a name or an id: three words at least (a category such as "Practical Tips" is a choice). */
const isCopy = (text: string) => text.trim().split(/\s+/).length >= 3;

/** A text and, for Markdown, each of its paragraphs: a body half rewritten still shows its example paragraphs. */
const pieces = (text: string) => [text.trim(), ...text.split(/\n\s*\n/).map((p) => p.trim())].filter(isCopy);

export interface ExampleSets {
  /** Block type -> every text in its schema's `examples` (and the shared definitions'). */
  blocks: Map<string, Set<string>>;
  starters: Set<string>;
}

/** The example texts of the project's schemas and starters. */
export function exampleSets(root: string): ExampleSets {
  const dir = join(root, 'schemas');
  const collect = (node: unknown, into: Set<string>, inExamples = false): Set<string> => {
    if (typeof node === 'string') {
      if (inExamples) for (const p of pieces(node)) into.add(p);
    } else if (Array.isArray(node)) for (const n of node) collect(n, into, inExamples);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) collect(v, into, inExamples || k === 'examples' || k === 'default');
    return into;
  };
  const shared = collect(JSON.parse(readFileSync(join(dir, 'defs.schema.json'), 'utf8')), new Set());
  const blocks = new Map<string, Set<string>>();
  for (const name of readdirSync(join(dir, 'blocks')).filter((f) => f.endsWith('.schema.json'))) {
    blocks.set(name.replace('.schema.json', ''), collect(JSON.parse(readFileSync(join(dir, 'blocks', name), 'utf8')), new Set(shared)));
  }
  return { blocks, starters: new Set(starterPlaceholders().flatMap(pieces)) };
}

/**
 * The marks of one page file's text: example copy new since `head` (the file at the last commit, null
 * when new), and every DRAFT: text. Warnings: the page still builds; `refusals` makes Publish's errors.
 */
export function copyMarks(file: string, text: string, head: string | null, sets: ExampleSets): Diagnostic[] {
  const { source, errors } = parseSource(file, text);
  if (errors.length || !source.data || typeof source.data !== 'object') return [];
  const before = new Set<string>();
  if (head !== null) {
    try {
      eachString(parse(head), [], (v) => pieces(v).forEach((p) => before.add(p)));
    } catch {
      // A broken last commit: everything counts as new.
    }
  }
  const out: Diagnostic[] = [];
  const data = source.data as { sections?: unknown };
  eachString(data, [], (value, path) => {
    const at = locate(source, path);
    if (DRAFT_MARK.test(value)) {
      out.push({ ...diagnostic('DraftCopy', at, value.trim().slice(0, 60)), severity: 'warning' });
      return;
    }
    const type = path[0] === 'sections' && typeof path[1] === 'number' ? (data.sections as { type?: unknown }[])[path[1]]?.type : undefined;
    const examples = typeof type === 'string' ? sets.blocks.get(type) : undefined;
    const hit = pieces(value).find((p) => !before.has(p) && (examples?.has(p) || sets.starters.has(p)));
    if (hit) out.push({ ...diagnostic('ExampleCopy', at, hit.slice(0, 60), examples?.has(hit) ? `${String(type)} block` : 'starter'), severity: 'warning' });
  });
  return out;
}

/** Whether the page file says it is a draft (its example copy may stay while it is). */
export function isDraftPage(text: string): boolean {
  try {
    return (parse(text) as { draft?: unknown } | null)?.draft === true;
  } catch {
    return false;
  }
}

function eachString(value: unknown, path: PathSegment[], fn: (value: string, path: PathSegment[]) => void): void {
  if (typeof value === 'string') fn(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => eachString(v, [...path, i], fn));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) eachString(v, [...path, k], fn);
}
