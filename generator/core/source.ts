// YAML with positions: every diagnostic points at the offending node's own line and column.
import { parseDocument, isMap, isPair, isScalar, isSeq, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { diagnostic, type Diagnostic } from './errors.ts';
import { findIndentation, type IndentFinding } from './indentation.ts';

export type PathSegment = string | number;

/**
 * Line and column of an offset, from the text itself. (yaml's own LineCounter is fed by its lexer and
 * misses line breaks it skips while recovering from an error, which put positions past a line's end.)
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  /** 1-based line and column (in UTF-16 units, as editors count them). */
  linePos(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo]! + 1 };
  }
}

export interface SourceFile {
  /** Project-relative path, e.g. pages/index.yaml. */
  file: string;
  text: string;
  doc: Document.Parsed;
  lines: LineIndex;
  data: unknown;
}

export function parseSource(file: string, raw: string): { source: SourceFile; errors: Diagnostic[] } {
  return parseWithYaml(file, normalizeLineEnds(raw));
}

/** A lone CR ends a line too (old Mac files). Same length, so every offset stays true to the file. */
const normalizeLineEnds = (raw: string) => (raw.includes('\r') ? raw.replace(/\r(?!\n)/g, '\n') : raw);

/**
 * A source whose YAML document is parsed only when something asks for a position in it (a
 * diagnostic): its data comes from the compile cache.
 */
export function lazySource(file: string, raw: string, data: unknown): SourceFile {
  const text = normalizeLineEnds(raw);
  let parsed: SourceFile | undefined;
  const source = () => (parsed ??= parseWithYaml(file, text).source);
  let lines: LineIndex | undefined;
  return {
    file,
    text,
    data,
    get doc() {
      return source().doc;
    },
    get lines() {
      return (lines ??= new LineIndex(text));
    },
  };
}

/** The file parsed by yaml: its document with positions, and every syntax error located. */
function parseWithYaml(file: string, text: string): { source: SourceFile; errors: Diagnostic[] } {
  const lines = new LineIndex(text);
  // Duplicate keys are found below in one pass: yaml's own check compares every pair of keys.
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  // yaml's warnings (an unknown tag, say) would silently change the data: they are errors here.
  let errors: Diagnostic[] = [...doc.errors, ...doc.warnings].map((e) => {
    const pos = lines.linePos(e.pos[0]);
    const at = { file, line: pos.line, column: pos.col, path: pathAt(doc, e.pos[0]) };
    // yaml's own message repeats the position and a code frame; keep its first sentence.
    return diagnostic('YamlSyntax', at, e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''));
  });
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        const offset = pair.key.range?.[0] ?? 0;
        const pos = lines.linePos(offset);
        errors.push(diagnostic('DuplicateKey', { file, line: pos.line, column: pos.col, path: pathAt(doc, offset) }, key.length > 80 ? `${key.slice(0, 60)}…` : key));
      }
    },
  });
  // After the duplicate keys: a line moved out of its block can duplicate a key of the block it lands in.
  if (doc.errors.length) errors = explainIndentation(file, text, errors);
  let data: unknown;
  if (!errors.length) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // An alias to nothing, or one that expands too far, is the document's fault, not a crash:
      // point at the first alias that does not resolve, else the first alias.
      let at: Node | undefined;
      let first: Node | undefined;
      visit(doc, {
        Alias(_, node) {
          first ??= node;
          if (!at && !node.resolve(doc)) at = node;
        },
      });
      const node = at ?? first;
      const pos = lines.linePos(node?.range?.[0] ?? 0);
      errors.push(diagnostic('YamlSyntax', { file, line: pos.line, column: pos.col, path: node ? pathAt(doc, node.range![0]) : '' }, (e as Error).message.split('\n')[0]!));
    }
  }
  return { source: { file, text, doc, lines, data }, errors };
}

/**
 * One wrong indentation makes the parser report several errors, the first often on the line above the
 * mistake. When the block structure shows a wrongly indented line where the parser failed (on it, or
 * on the line before), that line's one located error replaces the parser's errors from there on.
 */
function explainIndentation(file: string, text: string, errors: Diagnostic[]): Diagnostic[] {
  const finding = findIndentation(text);
  const first = Math.min(...errors.filter((e) => e.name === 'YamlSyntax').map((e) => e.line));
  if (!finding || finding.line < first || finding.line > first + 1) return errors;
  const before = errors.filter((e) => e.line < first);
  const at = { file, line: finding.line, column: finding.column, path: finding.path };
  return [...before, diagnostic(unquotedColon(text, finding) ? 'UnquotedColon' : 'Indentation', at, finding)];
}

/**
 * A second "key:" on a line is text with a colon when words surround it (`text: Step 1: do this`,
 * `text: remember this: put the phone away`); a key written on the line of another when one word stands
 * on each side or its value is quoted (`- type: admin-app id: admin`, `- type: faq heading: "Questions"`),
 * or when it follows a block's `- type: <block type>` (`- type: paragraph text: A long plain text`,
 * however many words follow: the yaml library and the studio write long texts unquoted). Only there:
 * after another key, one lower-case word may as well begin a sentence.
 */
function unquotedColon(text: string, finding: IndentFinding): boolean {
  if (finding.reason !== 'sameLine') return false;
  const line = text.split('\n')[finding.line - 1] ?? '';
  const before = line.slice(0, finding.column - 1);
  const first = /^\s*(?:-\s+)?[^:]+:\s*(.*)$/.exec(before)?.[1]?.trim() ?? '';
  if (/^\s*-\s+type:\s*[a-z][a-z0-9-]*\s*$/.test(before)) return false;
  const rest = line.slice(finding.column - 1 + finding.what.length).trim();
  const words = `${first} ${rest}`.trim().split(/\s+/).length;
  return rest !== '' && !/^["'[{|>]/.test(rest) && words > 2;
}

/** Formats a path as sections[2].price. */
export function formatPath(path: readonly PathSegment[]): string {
  return path.reduce<string>((s, seg) => (typeof seg === 'number' ? `${s}[${seg}]` : s ? `${s}.${seg}` : seg), '');
}

/** Parses a JSON pointer (/sections/2/price) into segments, numbers for array indexes. */
export function pointerToPath(pointer: string, data: unknown): PathSegment[] {
  if (!pointer) return [];
  const out: PathSegment[] = [];
  let cur: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) {
      out.push(Number(seg));
      cur = cur[Number(seg)];
    } else {
      out.push(seg);
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return out;
}

/** The node at a path; `key: true` gives the key node of the last segment (for unknown fields). */
export function nodeAt(source: SourceFile, path: readonly PathSegment[], opts: { key?: boolean } = {}): Node | undefined {
  let node: unknown = source.doc.contents;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (isMap(node)) {
      const pair = keyIndex(node).get(String(seg));
      if (!pair) return node as Node;
      if (opts.key && i === path.length - 1) return pair.key as Node;
      node = pair.value ?? pair.key;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined) return node as Node;
      node = item;
    } else {
      return node as Node | undefined;
    }
  }
  return node as Node | undefined;
}

const keyIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

/** A mapping's pairs by key, built once: 20,000 unknown keys are located in linear time. */
function keyIndex(map: YAMLMap): Map<string, Pair> {
  let index = keyIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) if (isPair(p) && isScalar(p.key) && !index.has(String(p.key.value))) index.set(String(p.key.value), p as Pair);
    keyIndexes.set(map, index);
  }
  return index;
}

export function locate(source: SourceFile, path: readonly PathSegment[], opts: { key?: boolean } = {}) {
  const node = nodeAt(source, path, opts);
  const offset = node?.range?.[0] ?? 0;
  const pos = source.lines.linePos(offset);
  const end = node?.range ? source.lines.linePos(node.range[1]) : undefined;
  return { file: source.file, line: pos.line, column: pos.col, ...(end ? { endLine: end.line, endColumn: end.col } : {}), path: formatPath(path) };
}

/** The path of the deepest node containing an offset (for syntax errors). */
function pathAt(doc: Document.Parsed, offset: number): string {
  const path: PathSegment[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const start = (p.key as Node | null)?.range?.[0] ?? Infinity;
        const end = (p.value as Node | null)?.range?.[2] ?? (p.key as Node | null)?.range?.[2] ?? -1;
        return start <= offset && offset <= end;
      });
      if (!pair || !isScalar(pair.key)) break;
      path.push(String(pair.key.value));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((n) => {
        const r = (n as Node | null)?.range;
        return r && r[0] <= offset && offset <= r[2];
      });
      if (index < 0) break;
      path.push(index);
      node = node.items[index];
    } else break;
  }
  return formatPath(path);
}

/**
 * The position of `needle` inside the value at `path`: its `nth` occurrence (0-based) in the value's
 * source text. Links and tokens inside a long text are reported where they are written, not at the
 * start of the string. `skip` moves past a prefix of the needle. Falls back to the value itself.
 */
export function locateIn(source: SourceFile, path: readonly PathSegment[], needle: string, nth = 0, skip = 0) {
  const at = locate(source, path);
  const node = nodeAt(source, path);
  if (!node?.range || !needle) return at;
  const [start, , stop] = node.range;
  let index = start - 1;
  for (let i = 0; i <= nth; i++) {
    index = source.text.indexOf(needle, index + 1);
    if (index < 0 || index + needle.length > stop) return at;
  }
  const pos = source.lines.linePos(index + skip);
  const end = source.lines.linePos(index + needle.length);
  return { ...at, line: pos.line, column: pos.col, endLine: end.line, endColumn: end.col };
}

/** The value at a path of plain data. */
export function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let cur = data;
  for (const seg of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}

/** The same source with other data (tokens filled in), keeping a lazy source lazy. */
export function withData(source: SourceFile, data: unknown): SourceFile {
  return Object.create(Object.getPrototypeOf(source) as object, { ...Object.getOwnPropertyDescriptors(source), data: { value: data, enumerable: true, writable: true } }) as SourceFile;
}
