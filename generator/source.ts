// YAML with positions: every diagnostic points at the offending node's own line and column.
import { LineCounter, parseDocument, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import { diagnostic, type Diagnostic } from './errors.ts';

export type PathSegment = string | number;

export interface SourceFile {
  /** Project-relative path, e.g. pages/index.yaml. */
  file: string;
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: unknown;
}

export function parseSource(file: string, text: string): { source: SourceFile; errors: Diagnostic[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
  const errors: Diagnostic[] = doc.errors.map((e) => {
    const pos = lines.linePos(e.pos[0]);
    const at = { file, line: pos.line, column: pos.col, path: pathAt(doc, e.pos[0]) };
    if (e.code === 'DUPLICATE_KEY') return diagnostic('DuplicateKey', at, text.slice(e.pos[0], e.pos[1]).trim() || '?');
    // yaml's own message repeats the position and a code frame; keep its first sentence.
    return diagnostic('YamlSyntax', at, e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''));
  });
  let data: unknown;
  if (!errors.length) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // An alias to nothing, or one that expands too far, is the document's fault, not a crash.
      errors.push(diagnostic('YamlSyntax', { file, line: 1, column: 1, path: '' }, (e as Error).message.split('\n')[0]!));
    }
  }
  return { source: { file, text, doc, lines, data }, errors };
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
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
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
