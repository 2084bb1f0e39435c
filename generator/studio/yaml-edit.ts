// The studio's saves: edits applied to a YAML file's TEXT, so that everything the marketer did not touch
// stays byte-identical (comments, blank lines, key order, quoting, folding, line endings). No CMS does
// this (Decap strips comments, Tina rewrites front matter, Nuxt Studio sorts keys), and re-stringifying
// a parsed document cannot: `yaml` keeps layout only in its CST. So:
// - a scalar is rewritten in place through `CST.setScalarValue` (its quoting kept where it can be);
// - a block (a sequence item, a mapping pair) is a run of whole lines found from the CST's offsets; blocks
//   are inserted, removed, duplicated and reordered as lines, the blank lines between them left in place;
// - new content is rendered by `yaml`'s Document in the file's own indentation and quoting.
// Every edit is checked: the edited text must parse to exactly the data the edit means. Where a line edit
// cannot say it (a flow collection, a sequence emptied), the smallest enclosing node is rendered again.
import { Composer, CST, Document, isMap, isPair, isScalar, isSeq, Parser, Scalar, visit, type Node, type ParsedNode } from 'yaml';

import type { PathSegment } from '../core/source.ts';

export type { PathSegment };
export type Path = readonly PathSegment[];

export type Edit =
  /** Set the value at `path`: a scalar in place, a missing key added to its mapping, anything else rendered. */
  | { op: 'set'; path: Path; value: unknown }
  /** Remove a mapping key or a sequence item, with the comment lines directly above it. */
  | { op: 'delete'; path: Path }
  /** Insert `value` into the sequence at `path`, before item `index` (its length to append). */
  | { op: 'insert'; path: Path; index: number; value: unknown }
  /** Move item `from` of the sequence at `path` so that it ends at index `to`. */
  | { op: 'move'; path: Path; from: number; to: number }
  /** Copy item `index` of the sequence at `path`, text as it is, right after it. */
  | { op: 'duplicate'; path: Path; index: number };

export class EditError extends Error {}

interface Parsed {
  tokens: CST.Token[];
  doc: Document.Parsed;
}

/** The text's first document, its nodes keeping their CST tokens (what `CST.setScalarValue` edits). */
function parse(text: string): Parsed {
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  const doc = docs[0];
  if (!doc) throw new EditError('the file has no YAML document');
  if (doc.errors.length) throw new EditError(`the file does not parse: ${doc.errors[0]!.message}`);
  return { tokens, doc };
}

/** The text again from its CST: byte-identical for every file `yaml` parses (the round-trip tests say so). */
export function stringifyTokens(tokens: readonly CST.Token[]): string {
  return tokens.map((t) => CST.stringify(t)).join('');
}

/** Open and save with no edit: the text `yaml`'s CST gives back. */
export function roundTrip(text: string): string {
  return stringifyTokens([...new Parser().parse(text)]);
}

/**
 * Keys that reach an object's prototype when used with `obj[key]`: an edit at `__proto__.polluted`
 * would otherwise set `Object.prototype.polluted` for everything the dev server renders afterwards.
 * No page or catalogue field is called so.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** An edit's path must be keys and indexes, none of which can reach a prototype; else an EditError. */
export function checkPath(path: unknown): asserts path is Path {
  if (!Array.isArray(path)) throw new EditError('an edit needs a path (a list of keys and indexes)');
  for (const seg of path) {
    if (typeof seg === 'number' ? !Number.isInteger(seg) || seg < 0 : typeof seg !== 'string') throw new EditError(`${JSON.stringify(seg)} in ${JSON.stringify(path)} is neither a key nor an index`);
    if (typeof seg === 'string' && FORBIDDEN_KEYS.has(seg)) throw new EditError(`refused the key "${seg}" in ${JSON.stringify(path)}: it names no field and would change every object`);
  }
}

/** Apply the edits in order; each one is checked against the data it means. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  if (!Array.isArray(edits)) throw new EditError('edits must be a list');
  let out = roundTrip(text);
  for (const edit of edits) out = applyEdit(out, edit);
  return out;
}

export function applyEdit(text: string, edit: Edit): string {
  checkPath(edit?.path);
  const before = parse(text).doc.toJS();
  const expected = applyToData(before, edit);
  const attempts = [() => editText(text, edit), () => renderEnclosing(text, edit, expected)];
  for (const attempt of attempts) {
    const out = attempt();
    if (out !== undefined && sameData(parseData(out), expected)) return out;
  }
  throw new EditError(`could not apply ${edit.op} at ${edit.path.join('.')}`);
}

// ---------------------------------------------------------------- what an edit means

/** The data after the edit, on a copy: what the edited text must parse to. */
export function applyToData(data: unknown, edit: Edit): unknown {
  checkPath(edit.path);
  const copy = structuredClone(data);
  const holder = { root: copy };
  const path = ['root', ...edit.path];
  if (edit.op === 'set' || edit.op === 'delete') {
    const parent = getAt(holder, path.slice(0, -1));
    const last = path[path.length - 1]!;
    if (parent === null || typeof parent !== 'object') throw new EditError(`nothing at ${edit.path.slice(0, -1).join('.')}`);
    if (edit.op === 'set') Object.defineProperty(parent, last, { value: structuredClone(edit.value), writable: true, enumerable: true, configurable: true });
    else if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<PathSegment, unknown>)[last];
    return holder.root;
  }
  const list = getAt(holder, path);
  if (!Array.isArray(list)) throw new EditError(`${edit.path.join('.')} is not a list`);
  if (edit.op === 'insert') list.splice(edit.index, 0, structuredClone(edit.value));
  else if (edit.op === 'duplicate') list.splice(edit.index + 1, 0, structuredClone(list[edit.index]));
  else list.splice(edit.to, 0, ...list.splice(edit.from, 1));
  return holder.root;
}

/** The value at `path`, through own properties only (never one inherited from a prototype). */
function getAt(data: unknown, path: Path): unknown {
  let at = data;
  for (const seg of path) {
    if (at === null || typeof at !== 'object') throw new EditError(`nothing at ${path.join('.')}`);
    at = Object.hasOwn(at, seg) ? (at as Record<PathSegment, unknown>)[seg] : undefined;
  }
  return at;
}

function parseData(text: string): unknown {
  try {
    return parse(text).doc.toJS();
  } catch {
    return Symbol('unparsable');
  }
}

function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b) || !a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

// ---------------------------------------------------------------- the file's style

interface Style {
  /** Spaces per nesting level. */
  indent: number;
  /** Whether a sequence under a key is indented (`key:\n  - a`) or not (`key:\n- a`). */
  indentSeq: boolean;
  /** Strings are written double-quoted (as this project's pages do) rather than plain. */
  quote: 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'PLAIN';
  newline: '\n' | '\r\n';
}

/** The layout the file already uses, so new lines look like their neighbours. */
export function styleOf(text: string): Style {
  const lines = text.split(/\r?\n/);
  const steps = new Map<number, number>();
  let seqIndented = 0, seqCompact = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    const m = /^( *)(?:- )?[^\s#-][^:#]*:\s*(#.*)?$/.exec(lines[i]!);
    if (!m) continue;
    const keyCol = lines[i]!.search(/[^\s-]/);
    const next = lines.slice(i + 1).find((l) => l.trim() && !l.trim().startsWith('#'));
    if (!next) continue;
    const col = next.search(/\S/);
    if (next.trimStart().startsWith('- ')) (col > keyCol ? seqIndented++ : seqCompact++);
    if (col > keyCol) steps.set(col - keyCol, (steps.get(col - keyCol) ?? 0) + 1);
  }
  const indent = [...steps].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 2;
  let dq = 0, sq = 0, plain = 0;
  const { doc } = safeParse(text);
  if (doc) visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string' || isSlug(node.value)) return;
      if (node.type === 'QUOTE_DOUBLE') dq++;
      else if (node.type === 'QUOTE_SINGLE') sq++;
      else if (node.type === 'PLAIN') plain++;
    },
  });
  const quote = dq >= sq && dq >= plain && dq > 0 ? 'QUOTE_DOUBLE' : sq > plain ? 'QUOTE_SINGLE' : 'PLAIN';
  return { indent, indentSeq: seqIndented >= seqCompact, quote, newline: /\r\n/.test(text) ? '\r\n' : '\n' };
}

function safeParse(text: string): Partial<Parsed> {
  try {
    return parse(text);
  } catch {
    return {};
  }
}

/** `value` as YAML lines at column 0 in the file's style (strings with spaces quoted as the file quotes them). */
function render(value: unknown, style: Style): string[] {
  const doc = new Document(value);
  quoteLikeTheFile(doc, style);
  const out = doc.toString({ indent: style.indent, indentSeq: style.indentSeq, lineWidth: 0 });
  return out.replace(/\n$/, '').split('\n');
}

/**
 * Strings quoted as the file quotes its prose; slugs (block types, enum values, ids) stay plain, as they
 * are written by hand. A scalar the file already had at the same place keeps its own quoting.
 */
function quoteLikeTheFile(doc: Document, style: Style, old?: Node): void {
  visit(doc, {
    Scalar(key, node, path) {
      if (key === 'key' || typeof node.value !== 'string' || node.value.includes('\n')) return;
      const at = scalarPath(path, node);
      const before = old && isCollection(old) ? old.getIn(at, true) : undefined;
      if (isScalar(before) && before.value === node.value && before.type) node.type = before.type;
      else if (!isSlug(node.value)) node.type = style.quote;
    },
  });
}

/** Block types, enum values and ids: written plain by hand even in files that quote their prose. */
const isSlug = (s: string) => /^[a-z0-9][a-z0-9_-]*$/.test(s);

const isCollection = (n: Node): n is import('yaml').YAMLMap | import('yaml').YAMLSeq => isMap(n) || isSeq(n);

/** The path of a visited scalar inside the document's contents, by keys and indexes. */
function scalarPath(ancestors: readonly unknown[], node: unknown): PathSegment[] {
  const chain = [...ancestors.slice(1), node];
  const out: PathSegment[] = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const here = chain[i];
    if (isSeq(here)) out.push(here.items.indexOf(chain[i + 1] as never));
    else if (isPair(here) && isScalar(here.key)) out.push(String(here.key.value));
  }
  return out;
}

/** `value` on one line in flow style, `{ a: 1 }` or `{a: 1}` as the file pads its brackets. */
function renderFlow(value: unknown, style: Style, padded: boolean, old?: Node): string {
  const fresh = new Document(value);
  if (isMap(fresh.contents) || isSeq(fresh.contents)) fresh.contents.flow = true;
  quoteLikeTheFile(fresh, style, old);
  return fresh.toString({ lineWidth: 0, flowCollectionPadding: padded }).replace(/\n$/, '');
}

/** Lines rendered at `col`, the first one after `first` (`- ` for a sequence item). */
function placeLines(lines: string[], col: number, first = ''): string {
  const pad = ' '.repeat(col);
  const rest = ' '.repeat(col + first.length);
  return lines.map((l, i) => (i === 0 ? pad + first + l : l ? rest + l : l)).join('\n') + '\n';
}

const withNewlines = (s: string, style: Style) => (style.newline === '\n' ? s : s.replace(/\r?\n/g, '\r\n'));

// ---------------------------------------------------------------- lines of the text

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}
/** Where a node's own lines end: after its last line (a trailing comment on that line included). */
function contentEnd(text: string, node: Node): number {
  const end = node.range![1];
  return text[end - 1] === '\n' ? end : lineEnd(text, Math.max(end - 1, node.range![0]));
}
/** A block's first line, moved up over the comment lines directly above it (they describe it). */
function withLeadingComments(text: string, start: number): number {
  let at = start;
  while (at > 0) {
    const prev = lineStart(text, at - 1);
    if (!/^[ \t]*#/.test(text.slice(prev, at))) break;
    at = prev;
  }
  return at;
}

interface Block {
  start: number;
  end: number;
}

/** Each item of a block sequence as whole lines, with the comment lines directly above it; of a flow one, its characters. */
function itemBlocks(text: string, seq: ParsedNode): Block[] | undefined {
  const tok = seq.srcToken;
  if (!isSeq(seq)) return undefined;
  // In a flow sequence an item is its node's characters; what is between them (commas, comments) stays.
  if (seq.flow) return seq.items.every((n) => (n as Node).range) ? seq.items.map((n) => ({ start: (n as Node).range![0], end: (n as Node).range![1] })) : undefined;
  if (tok?.type !== 'block-seq') return undefined;
  // The CST may end a sequence with an "item" of trailing comments only: not an item.
  const dashes = tok.items.map((item) => item.start.find((t) => t.type === 'seq-item-ind')).filter((d) => d !== undefined);
  if (dashes.length !== seq.items.length) return undefined;
  return dashes.map((dash, i) => {
    const value = seq.items[i] as Node;
    const start = withLeadingComments(text, lineStart(text, dash.offset));
    const end = value ? contentEnd(text, value) : lineEnd(text, dash.offset);
    return { start, end };
  });
}

/** Replace the blocks' region with the same separators and the blocks' texts in a new order. */
function rearrange(text: string, blocks: Block[], texts: string[], separators: string[]): string {
  const head = text.slice(0, blocks[0]!.start);
  const tail = text.slice(blocks[blocks.length - 1]!.end);
  let mid = '';
  texts.forEach((t, i) => (mid += (i ? separators[i - 1] ?? separators[separators.length - 1] ?? '' : '') + t));
  return head + mid + tail;
}

// ---------------------------------------------------------------- the edits

function editText(text: string, edit: Edit): string | undefined {
  // A last line without its newline gets one while lines move, and loses it again after.
  const open = !text.endsWith('\n') && text.length > 0;
  const src = open ? text + '\n' : text;
  const out = editLines(src, edit);
  return out === undefined ? undefined : open && out.endsWith('\n') ? out.slice(0, -1) : out;
}

function editLines(text: string, edit: Edit): string | undefined {
  const { tokens, doc } = parse(text);
  const style = styleOf(text);
  if (edit.op === 'set') {
    const node = doc.getIn(edit.path, true) as ParsedNode | undefined;
    const value = edit.value;
    if (node && isScalar(node) && (value === null || typeof value !== 'object')) {
      setScalar(node, value);
      return stringifyTokens(tokens);
    }
    const parentPath = edit.path.slice(0, -1);
    const parent = (parentPath.length ? doc.getIn(parentPath, true) : doc.contents) as ParsedNode | undefined;
    const key = edit.path[edit.path.length - 1]!;
    if (!node && isMap(parent) && parent.srcToken?.type === 'block-map') return insertPair(text, parent, String(key), value, style);
    if (node && isMap(parent) && parent.srcToken?.type === 'block-map') return replacePair(text, parent, String(key), value, style);
    return undefined;
  }
  if (edit.op === 'delete') {
    const parentPath = edit.path.slice(0, -1);
    const parent = (parentPath.length ? doc.getIn(parentPath, true) : doc.contents) as ParsedNode | undefined;
    const key = edit.path[edit.path.length - 1]!;
    if (isSeq(parent)) {
      const blocks = itemBlocks(text, parent);
      if (!blocks || blocks.length < 2) return undefined;
      return removeBlock(text, blocks, Number(key));
    }
    if (isMap(parent) && parent.srcToken?.type === 'block-map') {
      const block = pairBlock(text, parent, String(key));
      return block && text.slice(0, block.start) + text.slice(block.end);
    }
    return undefined;
  }
  const seq = (edit.path.length ? doc.getIn(edit.path, true) : doc.contents) as ParsedNode | undefined;
  const blocks = seq && itemBlocks(text, seq);
  if (!blocks || !blocks.length) return undefined;
  const texts = blocks.map((b) => text.slice(b.start, b.end));
  const separators = blocks.slice(1).map((b, i) => text.slice(blocks[i]!.end, b.start));
  if (edit.op === 'move') {
    texts.splice(edit.to, 0, ...texts.splice(edit.from, 1));
    return rearrange(text, blocks, texts, separators);
  }
  const flow = isSeq(seq) && seq.flow;
  const index = edit.op === 'duplicate' ? edit.index + 1 : edit.index;
  const added =
    edit.op === 'duplicate'
      ? flow ? texts[edit.index]! : dropLeadingComments(texts[edit.index]!)
      : flow ? renderFlow(edit.value, style, /[[{][ \t]/.test(text.slice(seq.range![0], seq.range![0] + 2)))
      : withNewlines(placeLines(render(edit.value, style), columnOfDash(text, blocks[0]!), '- '), style);
  texts.splice(index, 0, added);
  // The new item gets the separator its neighbours have (a blank line between sections, a comma).
  const usual = flow ? separators[0] ?? ', ' : separators.find((s) => /^\s*$/.test(s)) ?? '';
  separators.splice(Math.min(index, separators.length), 0, usual);
  return rearrange(text, blocks, texts, separators);
}

function columnOfDash(text: string, block: Block): number {
  return text.slice(block.start).search(/^[ \t]*-/m) >= 0 ? /^( *)-/m.exec(text.slice(block.start))![1]!.length : 0;
}

function dropLeadingComments(block: string): string {
  return block.replace(/^(?:[ \t]*#.*\r?\n)+/, '');
}

function removeBlock(text: string, blocks: Block[], i: number): string {
  // The item goes with the separator after it; the last one with the separator before it.
  const start = i === blocks.length - 1 ? blocks[i - 1]!.end : blocks[i]!.start;
  const end = i === blocks.length - 1 ? blocks[i]!.end : blocks[i + 1]!.start;
  return text.slice(0, start) + text.slice(end);
}

/** A scalar rewritten in place, in its own quoting where that still reads back as the same value. */
function setScalar(node: Scalar, value: unknown): void {
  const tok = node.srcToken as CST.FlowScalar | CST.BlockScalar;
  // A block scalar's lines stay at the column they are at (the token's own indent is its parent's).
  if (tok.type === 'block-scalar') {
    const first = /^( *)\S/m.exec(tok.source);
    if (first) tok.indent = first[1]!.length;
  }
  const inFlow = false;
  if (typeof value === 'string') {
    const plain = tok.type === 'scalar';
    // A plain scalar that would read back as something else (true, 12, null, a date) is quoted.
    const ambiguous = plain && !readsAsString(value);
    CST.setScalarValue(tok, value, { afterKey: false, inFlow, type: ambiguous ? 'QUOTE_DOUBLE' : undefined });
  } else {
    CST.setScalarValue(tok, value === null || value === undefined ? 'null' : String(value), { inFlow, type: 'PLAIN' });
  }
}

function readsAsString(value: string): boolean {
  try {
    const doc = new Parser().parse(`${value}\n`);
    const parsed = [...new Composer().compose(doc)][0]?.toJS();
    return parsed === value;
  } catch {
    return false;
  }
}

function pairIndex(map: ParsedNode, key: string): number {
  if (!isMap(map)) return -1;
  return map.items.findIndex((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === key);
}

/** A mapping pair's lines: its key's line (and the comments above) to the end of its value. */
function pairBlock(text: string, map: ParsedNode, key: string): Block | undefined {
  const i = pairIndex(map, key);
  if (i < 0 || !isMap(map)) return undefined;
  const pair = map.items[i]!;
  const keyNode = pair.key as Node;
  const value = pair.value as Node | null;
  const keyStart = keyNode.range![0];
  // A pair that shares its line with what is before it (`- key: value`, a flow map) is not a block.
  if (text.slice(lineStart(text, keyStart), keyStart).trim()) return undefined;
  const start = withLeadingComments(text, lineStart(text, keyStart));
  const end = value?.range ? contentEnd(text, value) : lineEnd(text, keyStart);
  return { start, end };
}

function mapColumn(text: string, map: ParsedNode): number {
  const first = (map as import('yaml').YAMLMap).items[0]?.key as Node | undefined;
  const at = first?.range?.[0] ?? map.range![0];
  return at - lineStart(text, at);
}

/** A key the mapping lacks: its lines after the mapping's last pair. */
function insertPair(text: string, map: ParsedNode, key: string, value: unknown, style: Style): string {
  const col = mapColumn(text, map);
  const at = contentEnd(text, map);
  const lines = withNewlines(placeLines(render({ [key]: value }, style), col), style);
  return text.slice(0, at) + lines + text.slice(at);
}

/** A key whose value becomes a collection (or stops being one): the pair rendered again, its comments kept. */
function replacePair(text: string, map: ParsedNode, key: string, value: unknown, style: Style): string | undefined {
  const block = pairBlock(text, map, key);
  if (!block) return undefined;
  const keyLine = lineStart(text, ((map as import('yaml').YAMLMap).items[pairIndex(map, key)]!.key as Node).range![0]);
  const col = mapColumn(text, map);
  const lines = withNewlines(placeLines(render({ [key]: value }, style), col), style);
  return text.slice(0, keyLine) + lines + text.slice(block.end);
}

/**
 * The fallback: the smallest collection around the edit that is written on its own (a flow collection,
 * a sequence that became empty) rendered again from the data, in flow style where it was flow.
 */
function renderEnclosing(text: string, edit: Edit, expected: unknown): string | undefined {
  const { doc } = parse(text);
  const style = styleOf(text);
  const target = edit.op === 'set' || edit.op === 'delete' ? edit.path.slice(0, -1) : edit.path;
  for (let n = target.length; n >= 1; n--) {
    const path = target.slice(0, n);
    const node = doc.getIn(path, true) as ParsedNode | undefined;
    if (!node?.range) continue;
    const value = getAt(expected, path);
    // An empty `[]` that gets its first item becomes a block list, as lists of blocks are written.
    const flow = (isMap(node) || isSeq(node)) && node.flow && !(edit.op === 'insert' && isSeq(node) && !node.items.length);
    if (flow) {
      const rendered = renderFlow(value, style, /^[[{][ \t]/.test(text.slice(node.range[0])), node);
      return text.slice(0, node.range[0]) + rendered + text.slice(node.range[1]);
    }
    // A block collection as a whole pair of its parent mapping.
    const parentPath = path.slice(0, -1);
    const parent = (parentPath.length ? doc.getIn(parentPath, true) : doc.contents) as ParsedNode | undefined;
    if (isMap(parent) && parent.srcToken?.type === 'block-map') {
      const out = replacePair(text, parent, String(path[path.length - 1]), value, style);
      if (out !== undefined) return out;
    }
  }
  return undefined;
}
