// A fast path for the plain YAML that page files are written in: block mappings and sequences, plain
// keys, one-line quoted or plain scalars, comments. On such a file it returns exactly the data `yaml`
// would (same schema: YAML 1.2 core), about thirty times faster; on anything else (block scalars, flow
// collections, anchors, tags, multi-line scalars, duplicate keys, odd characters, odd indentation) it
// returns undefined and the file goes to `yaml` itself, which also gives every diagnostic and
// position. `yaml`'s parse was the largest single cost of a cold build (about 2 s of CPU at 1,000
// articles); tests/unit/quick-yaml.test.ts checks the two agree on real and mutated files.
import { parse } from 'yaml';

/** Not a case the fast path handles: the caller parses the file with `yaml`. */
class Unhandled extends Error {}
const unhandled = (): never => {
  throw new Unhandled();
};

interface Line {
  indent: number;
  /** The line without its indentation and its line ending. */
  text: string;
}

/** Characters the fast path leaves to `yaml` wherever they appear: tabs, controls, BOMs, non-characters, lone surrogates. */
const ODD = /\r(?!\n)|[\t\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +|$)/;
/** The tests of `yaml`'s core schema (YAML 1.2) for plain scalars that are not strings: null, bool, int (octal, decimal, hex), float (special, exponent, decimal). */
const CORE_TAGS = [/^(?:~|[Nn]ull|NULL)?$/, /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, /^0o[0-7]+$/, /^[-+]?[0-9]+$/, /^0x[0-9a-fA-F]+$/, /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/];
const resolved = new Map<string, unknown>();

const ESCAPES: Record<string, string> = { '0': '\0', a: '\x07', b: '\b', t: '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029' };
const HEX_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };

/** What may follow a quoted scalar on its line: spaces, then a comment. */
const REST = /^(?: +(?:#.*)?)?$/;

/** A one-line double-quoted scalar at the start of `s` (which starts with `"`); the rest of the line must be empty or a comment. */
function doubleQuoted(s: string): string {
  let out = '';
  let i = 1;
  for (;;) {
    const q = s.indexOf('"', i);
    const b = s.indexOf('\\', i);
    if (q < 0) return unhandled();
    if (b < 0 || q < b) {
      out += s.slice(i, q);
      if (!REST.test(s.slice(q + 1))) unhandled();
      return out;
    }
    out += s.slice(i, b);
    const c = s[b + 1];
    if (c === undefined) return unhandled();
    const digits = HEX_DIGITS[c];
    if (digits) {
      const hex = s.slice(b + 2, b + 2 + digits);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) unhandled();
      const code = parseInt(hex, 16);
      if ((code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) unhandled();
      out += String.fromCodePoint(code);
      i = b + 2 + digits;
    } else {
      const e = ESCAPES[c];
      if (e === undefined) unhandled();
      out += e;
      i = b + 2;
    }
  }
}

/** A one-line single-quoted scalar at the start of `s`. */
function singleQuoted(s: string): string {
  let out = '';
  let i = 1;
  for (;;) {
    const q = s.indexOf("'", i);
    if (q < 0) return unhandled();
    out += s.slice(i, q);
    if (s[q + 1] === "'") {
      out += "'";
      i = q + 2;
      continue;
    }
    if (!REST.test(s.slice(q + 1))) unhandled();
    return out;
  }
}

/** A scalar written on one line (after `key: ` or `- `). */
function scalar(s: string): unknown {
  const c = s[0]!;
  if (c === '"') return doubleQuoted(s);
  if (c === "'") return singleQuoted(s);
  // A comment ends a plain scalar; the scalar itself may hold neither ": " nor " #" nor end in ":".
  const hash = s.indexOf(' #');
  const plain = (hash < 0 ? s : s.slice(0, hash)).replace(/ +$/, '');
  if (!plain || plain.includes(': ') || plain.endsWith(':')) return unhandled();
  // An indicator cannot start a plain scalar (`-`, `?` and `:` can, before a non-space: `-5`, `-foo`).
  if (/^[,[\]{}#&*!|>'"%@`]|^[-?:](?:\s|$)|^(?:---|\.\.\.)/.test(plain)) return unhandled();
  // Like `yaml`: a plain scalar that matches one of the core schema's tags (null, bool, int, float) is
  // resolved by it (here by `yaml` itself, once for each such text); every other is a string.
  if (!CORE_TAGS.some((tag) => tag.test(plain))) return plain;
  if (!resolved.has(plain)) {
    let value: unknown;
    try {
      value = parse(plain);
    } catch {
      return unhandled();
    }
    if (value !== null && typeof value === 'object') unhandled();
    resolved.set(plain, value);
  }
  return resolved.get(plain);
}

/** Splits the text into its meaningful lines: blank and comment-only lines go, and the document may hold nothing but mappings, sequences and scalars. */
function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    // Indentation is spaces; a line ending in spaces loses them (any other blank character stays `yaml`'s to judge).
    const indent = line.length - line.replace(/^ +/, '').length;
    const body = line.slice(indent).replace(/ +$/, '');
    if (!body || body[0] === '#') continue;
    if (/^\s|\s$|\r/.test(body)) unhandled();
    out.push({ indent, text: body });
  }
  return out;
}

class Reader {
  i = 0;
  constructor(readonly lines: Line[]) {}

  /** The block (mapping or sequence) whose first line is the current one, at its indentation. */
  block(indent: number): unknown {
    const line = this.lines[this.i]!;
    if (line.indent !== indent) unhandled();
    return line.text === '-' || line.text.startsWith('- ') ? this.sequence(indent) : this.mapping(indent, line.text);
  }

  /** What follows `key:` or `-` with nothing after it: a nested block, or null. */
  nested(parent: number, sequenceAllowedAtParent: boolean): unknown {
    const next = this.lines[this.i];
    if (next && next.indent > parent) return this.block(next.indent);
    // `key:` followed by `- item` at the key's own indentation is a sequence in YAML.
    if (next && sequenceAllowedAtParent && next.indent === parent && (next.text === '-' || next.text.startsWith('- '))) return this.sequence(parent);
    return null;
  }

  /** A scalar ends its node: a following line indented deeper would continue it (a multi-line scalar). */
  endOfScalar(parent: number): void {
    const next = this.lines[this.i];
    if (next && next.indent > parent) unhandled();
  }

  /** A mapping at `indent`; `first` is its first line's text, which may sit after a sequence's `- `. */
  mapping(indent: number, first: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let text: string | undefined = first;
    for (;;) {
      const m = KEY.exec(text);
      if (!m) return unhandled();
      const key = m[1]!;
      // A key that is a word of the schema (null, true…) is not the string it looks like.
      if (CORE_TAGS.some((tag) => tag.test(key)) || key === '__proto__' || Object.prototype.hasOwnProperty.call(out, key)) unhandled();
      const rest = text.slice(m[0].length);
      this.i++;
      if (!rest || rest[0] === '#') {
        out[key] = this.nested(indent, true);
      } else {
        out[key] = scalar(rest);
        this.endOfScalar(indent);
      }
      const next = this.lines[this.i];
      if (!next || next.indent < indent) return out;
      if (next.indent > indent) unhandled();
      text = next.text;
    }
  }

  /** A sequence at `indent`: lines `- value`, `- key: value` (a mapping indented past the dash), or `-` with a nested block. */
  sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (;;) {
      const line = this.lines[this.i];
      // A line at the sequence's indentation that is no item ends it: the sequence was a mapping's value written at the key's indentation.
      if (!line || line.indent < indent || (line.indent === indent && !(line.text === '-' || line.text.startsWith('- ')))) return out;
      if (line.indent > indent) unhandled();
      const item = line.text.slice(1).replace(/^ +/, '');
      if (!item || item[0] === '#') {
        this.i++;
        out.push(this.nested(indent, false));
      } else if (KEY.test(item)) {
        out.push(this.mapping(indent + line.text.length - item.length, item));
      } else if (item === '-' || item.startsWith('- ')) {
        unhandled();
      } else {
        this.i++;
        out.push(scalar(item));
        this.endOfScalar(indent);
      }
      // A line between the sequence's indentation and its items' is neither.
      const next = this.lines[this.i];
      if (next && next.indent > indent) unhandled();
    }
  }
}

/**
 * The data of a YAML text written in the plain subset page files use, exactly as `yaml`'s parse would
 * give it; undefined for any text outside the subset (including every text with an error).
 */
export function quickYaml(text: string): { data: unknown } | undefined {
  if (ODD.test(text)) return undefined;
  try {
    const lines = linesOf(text);
    const first = lines[0];
    if (!first || first.indent !== 0 || /^(?:---|\.\.\.|%)/.test(first.text)) return undefined;
    const reader = new Reader(lines);
    const data = reader.block(0);
    if (reader.i !== lines.length) return undefined;
    return { data };
  } catch (e) {
    if (e instanceof Unhandled) return undefined;
    throw e;
  }
}
