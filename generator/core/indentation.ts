// Finds the first wrongly indented line of a block-style YAML file, so a marketer gets one error at that
// line with a plain reason, instead of the parser's cascade (which often starts a line too early: an
// over-indented key reads to the parser as the continuation of the value above it).
//
// This is a small model of YAML's block structure, not a parser: it is consulted only when the real
// parser has failed, and its finding is used only when it agrees with where the parser failed.

export type IndentReason =
  /** A tab in the indentation. */
  | 'tab'
  /** A key or item further in than the block it continues. */
  | 'more'
  /** A key or item between two levels, or at the level of a list where a key belongs. */
  | 'less'
  /** A second `key:` on a line that already has one (`- type: callout tone: tip`). */
  | 'sameLine';

export interface IndentFinding {
  reason: IndentReason;
  /** 1-based line and column of the offending text. */
  line: number;
  column: number;
  /** The offending key (`tone:`) or item (`- …`), as written. */
  what: string;
  /** The line it should line up with: its text (`type:`), line and 1-based column. */
  above?: { what: string; line: number; column: number };
  /** Where in the document, e.g. sections[12].tone. */
  path: string;
}

interface Context {
  indent: number;
  kind: 'map' | 'seq';
  /** The block's latest key or item and its line: what a wrong line should line up with. */
  prev: { what: string; line: number };
  /** The path of this block, and of its last key or item. */
  path: string;
  last?: string;
  items: number;
}

const KEY = /^((?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?))[ \t]*:(?=[ \t]|$)/;
const BLOCK_SCALAR = /^[|>][-+0-9]*[ \t]*(#.*)?$/;

function keyName(raw: string): string {
  return raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw;
}

/** The value after `key:` on a line, without a trailing comment (approximately: # after a space). */
function valueAfter(rest: string): string {
  return rest.replace(/(^|[ \t])#.*$/, '').trim();
}

/** Whether a quoted or flow value continues on the next lines: the closing quote or bracket is missing. */
function openAt(value: string): { until: (line: string) => boolean } | undefined {
  if (value.startsWith('"')) {
    if (/^"(?:[^"\\]|\\.)*"/.test(value)) return undefined;
    return { until: (l) => /(^|[^\\])(\\\\)*"/.test(l) };
  }
  if (value.startsWith("'")) {
    if (/^'(?:[^']|'')*'/.test(value)) return undefined;
    return { until: (l) => /(^|[^'])'(?!')/.test(l) || /^'(?!')/.test(l) };
  }
  if (value.startsWith('[') || value.startsWith('{')) {
    let depth = 0;
    let quote = '';
    const scan = (s: string) => {
      for (let i = 0; i < s.length; i++) {
        const c = s[i]!;
        if (quote) {
          if (c === '\\' && quote === '"') i++;
          else if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '[' || c === '{') depth++;
        else if (c === ']' || c === '}') depth--;
        else if (c === '#' && (i === 0 || s[i - 1] === ' ')) break;
      }
      return depth <= 0;
    };
    if (scan(value)) return undefined;
    return { until: scan };
  }
  return undefined;
}

const joinPath = (base: string, seg: string | number) => (typeof seg === 'number' ? `${base}[${seg}]` : base ? `${base}.${seg}` : seg);

/** The first indentation mistake in `text`, if its block structure has one. */
export function findIndentation(text: string): IndentFinding | undefined {
  const scan = new IndentScan();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const found = scan.line(lines[i]!.replace(/\r$/, ''), i + 1);
    if (found) return found;
  }
  return undefined;
}

/** One line read as a block entry: a list item (`- `, possibly `- key: value`) or a key, with the key's column. */
interface Entry {
  raw: string;
  lineNo: number;
  indent: number;
  col: number;
  rest: string;
  isItem: boolean;
  key: RegExpExecArray | null;
  /** The key or item as written, for messages. */
  what: string;
}

function entryOf(raw: string, lineNo: number, indent: number, body: string): Entry {
  let col = indent;
  let rest = body;
  let isItem = false;
  if (/^-(?=\s|$)/.test(rest)) {
    isItem = true;
    const after = rest.slice(1);
    const pad = /^[ \t]*/.exec(after)![0];
    rest = after.slice(pad.length);
    col = indent + 1 + pad.length;
  }
  // Keys are short: reading only a line's start keeps a hostile 5 MB line linear.
  const key = KEY.exec(rest.slice(0, 500));
  const what = isItem ? (key ? `- ${key[1]}:` : '-') : key ? `${key[1]}:` : body.split(/\s/)[0]!;
  return { raw, lineNo, indent, col, rest, isItem, key, what };
}

/** The model's state between lines: the open blocks, and what the last line's value means for the next. */
class IndentScan {
  private readonly stack: Context[] = [];
  /** Set after `key:` or `-` with nothing after it: the next line may open a deeper block. */
  private expectChild: { indent: number; path: string; isKey: boolean } | undefined;
  /** Lines the current value still spans (block scalar, open quote or bracket, plain continuation). */
  private skipIndent: number | undefined;
  private skipUntil: ((line: string) => boolean) | undefined;
  private plainAbove: { indent: number } | undefined;

  /** Reads one line; returns the mistake it holds, if any. */
  line(raw: string, lineNo: number): IndentFinding | undefined {
    if (this.skipUntil) {
      if (this.skipUntil(raw)) this.skipUntil = undefined;
      return undefined;
    }
    const lead = /^[ \t]*/.exec(raw)![0];
    const body = raw.slice(lead.length);
    // Inside a block scalar (`text: |`), any line indented further, or blank, is its text.
    if (this.skipIndent !== undefined) {
      if (!body || lead.replace(/\t/g, ' ').length > this.skipIndent) return undefined;
      this.skipIndent = undefined;
    }
    if (!body || body.startsWith('#')) return undefined;
    if (body === '---' || body.startsWith('--- ') || body === '...') {
      this.stack.length = 0;
      this.expectChild = undefined;
      this.plainAbove = undefined;
      return undefined;
    }
    if (lead.includes('\t')) {
      const col = lead.indexOf('\t') + 1;
      return { reason: 'tab', line: lineNo, column: col, what: body.split(/\s/)[0] ?? body, path: this.stack.at(-1)?.path ?? '' };
    }
    const entry = entryOf(raw, lineNo, lead.length, body);
    const placed = this.place(entry);
    if (placed) return placed === 'continues' ? undefined : placed;
    this.expectChild = undefined;
    this.plainAbove = undefined;
    return this.record(entry);
  }

  /**
   * Finds the block the line belongs to, opening or closing blocks: a finding when it fits none,
   * 'continues' when it goes on a plain value above, nothing when it is placed.
   */
  private place({ lineNo, indent, isItem, key, what }: Entry): IndentFinding | 'continues' | undefined {
    const stack = this.stack;
    const top = stack.at(-1);
    const own = (base: string) => (key && !isItem ? joinPath(base, keyName(key[1]!)) : base);
    const plainGoesOn = !isItem && !key && this.plainAbove && indent > this.plainAbove.indent;
    // A line indented further than the block it is in, where no deeper block may start.
    if (!this.expectChild && top && indent > top.indent) {
      if (plainGoesOn) return 'continues'; // a plain value that goes on
      return { reason: 'more', line: lineNo, column: indent + 1, what, above: { what: top.prev.what, line: top.prev.line, column: top.indent + 1 }, path: own(top.path) };
    }
    // A plain (unquoted) value may go on over lines indented further than its key: let those pass.
    if (plainGoesOn) return 'continues';
    const expected = this.expectChild;
    if (expected && (indent > expected.indent || (isItem && indent === expected.indent && expected.isKey))) {
      // A deeper block starts (or a list under `key:` at the key's own column, which YAML allows).
      stack.push({ indent, kind: isItem ? 'seq' : 'map', prev: { what, line: lineNo }, path: expected.path, items: 0 });
      return undefined;
    }
    // Back out to the block this line continues.
    let closed: Context | undefined;
    while (stack.length && stack.at(-1)!.indent > indent) closed = stack.pop();
    // A list at its key's column ends where the next key at that column is.
    if (!isItem && stack.at(-1)?.kind === 'seq' && stack.at(-1)!.indent === indent && stack.length > 1 && stack.at(-2)!.indent === indent) stack.pop();
    const here = stack.at(-1);
    if (!here && indent > 0) return { reason: 'more', line: lineNo, column: indent + 1, what, path: '' };
    if (here && (here.indent !== indent || (here.kind === 'seq') !== isItem)) {
      // Between two levels: an item is further in than its list's items; a key is short of its block's keys.
      const further = isItem && here.kind === 'seq' && indent > here.indent;
      const ref = further || !closed ? here : closed;
      return { reason: further ? 'more' : 'less', line: lineNo, column: indent + 1, what, above: { what: ref.prev.what, line: ref.prev.line, column: ref.indent + 1 }, path: own(ref.path) };
    }
    if (!here) stack.push({ indent, kind: isItem ? 'seq' : 'map', prev: { what, line: lineNo }, path: '', items: 0 });
    return undefined;
  }

  /** Records the entry, and what its value means for the lines after it. */
  private record({ raw, lineNo, indent, col, rest, isItem, key, what }: Entry): IndentFinding | undefined {
    const ctx = this.stack.at(-1)!;
    ctx.prev = { what, line: lineNo };
    let entryPath: string;
    let value: string;
    let entryIndent = indent;
    if (isItem) {
      entryPath = joinPath(ctx.path, ctx.items);
      ctx.last = undefined;
      ctx.items++;
      if (key) {
        // `- key: value` opens a mapping at the key's column inside the item.
        this.stack.push({ indent: col, kind: 'map', prev: { what: `${key[1]}:`, line: lineNo }, path: entryPath, last: keyName(key[1]!), items: 0 });
        entryPath = joinPath(entryPath, keyName(key[1]!));
        value = valueAfter(rest.slice(key[0].length));
        entryIndent = col;
      } else {
        value = valueAfter(rest);
        if (!value) {
          this.expectChild = { indent, path: entryPath, isKey: false };
          return undefined;
        }
        if (/^-(?=\s|$)/.test(value)) return undefined; // a nested `- - x`: rare, left to the parser
      }
    } else if (key) {
      ctx.last = keyName(key[1]!);
      entryPath = joinPath(ctx.path, ctx.last);
      value = valueAfter(rest.slice(key[0].length));
    } else {
      return undefined; // a line this model does not read (a complex key, say): the parser judges it
    }
    if (!value || /^[&!][^\s]*$/.test(value)) {
      this.expectChild = { indent: entryIndent, path: entryPath, isKey: true };
      return undefined;
    }
    if (BLOCK_SCALAR.test(value)) {
      this.skipIndent = entryIndent;
      return undefined;
    }
    const open = openAt(value);
    if (open) {
      this.skipUntil = open.until;
      return undefined;
    }
    // `key: a tone: b`: a second key on the line of the first.
    if (!value.startsWith('"') && !value.startsWith("'") && !value.startsWith('[') && !value.startsWith('{')) {
      // Only after some text: `description: x: y` is more likely text that needs quotes, as the parser says.
      const second = /(\s)([A-Za-z_][\w-]*):(?=\s|$)/.exec(value.slice(0, 500));
      if (second) {
        const at = raw.lastIndexOf(`${second[2]}:`);
        const first = isItem && key ? `${key[1]}:` : what;
        return { reason: 'sameLine', line: lineNo, column: at + 1, what: `${second[2]}:`, above: { what: first, line: lineNo, column: entryIndent + 1 }, path: entryPath };
      }
      this.plainAbove = { indent: entryIndent };
    }
    return undefined;
  }
}
