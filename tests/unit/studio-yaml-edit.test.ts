// The studio's saves change only what was edited: each kind of edit, on the site's real pages and on a
// corpus of YAML styles, leaves every other byte of the file as it was.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isPair, isScalar, isSeq, parseAllDocuments, parseDocument, visit } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyEdits, roundTrip, type Edit, type Path } from '../../generator/studio/yaml-edit.ts';
import { projectRoot } from './fixture.ts';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const pageFiles = yamlFiles(join(projectRoot, 'pages'));
const corpus = yamlFiles(join(projectRoot, 'tests/fixtures/yaml-styles'));
const everyFile = [...pageFiles, join(projectRoot, 'site.config.yaml'), ...yamlFiles(join(projectRoot, 'tests')).filter((f) => !corpus.includes(f)), ...corpus];
const read = (f: string) => readFileSync(f, 'utf8');
const name = (f: string) => relative(projectRoot, f);

/** The lines that differ between two texts, between their common first and last lines. */
function changed(a: string, b: string): { removed: string[]; added: string[] } {
  const A = a.split('\n'), B = b.split('\n');
  let head = 0;
  while (head < A.length && head < B.length && A[head] === B[head]) head++;
  let tail = 0;
  while (tail < A.length - head && tail < B.length - head && A[A.length - 1 - tail] === B[B.length - 1 - tail]) tail++;
  return { removed: A.slice(head, A.length - tail), added: B.slice(head, B.length - tail) };
}

const dataOf = (text: string) => parseDocument(text).toJS();

describe('open and save with no edit', () => {
  it.each(everyFile.map(name))('%s is byte-identical', (file) => {
    const text = read(join(projectRoot, file));
    expect(roundTrip(text)).toBe(text);
    expect(applyEdits(text, [])).toBe(text);
  });

  it('covers the corpus of styles the issue names', () => {
    const all = corpus.map(read).join('\n');
    for (const style of ['\r\n', '# ', '{ ', '[', '|\n', '>\n', '|-', '>+', '|2', '&', '*', '---', '"quoted key"']) expect(all).toContain(style);
  });
});

/** Every single-line string scalar of a file: its path and its line. */
function oneLineStrings(text: string): { path: Path; line: number }[] {
  const doc = parseDocument(text);
  const out: { path: Path; line: number }[] = [];
  visit(doc, {
    Pair(_k, pair, ancestors) {
      if (!isScalar(pair.value) || typeof pair.value.value !== 'string' || !pair.value.range) return;
      if (pair.value.type === 'BLOCK_LITERAL' || pair.value.type === 'BLOCK_FOLDED') return;
      const [start, end] = pair.value.range;
      if (text.slice(start, end).includes('\n')) return;
      const path: (string | number)[] = [];
      const chain = [...ancestors.slice(1), pair];
      for (let i = 0; i < chain.length; i++) {
        const n = chain[i];
        if (isSeq(n)) path.push(n.items.indexOf(chain[i + 1] as never));
        else if (isPair(n) && isScalar(n.key)) path.push(String(n.key.value));
      }
      out.push({ path, line: text.slice(0, start).split('\n').length - 1 });
    },
  });
  return out;
}

describe('a one-line field edit changes that line only', () => {
  it.each([...pageFiles, ...corpus].map(name))('%s: every one-line string field (the first 25)', (file) => {
    const text = read(join(projectRoot, file));
    const fields = oneLineStrings(text).filter((f) => typeof f.path[f.path.length - 1] === 'string').slice(0, 25);
    for (const { path, line } of fields) {
      const edited = applyEdits(text, [{ op: 'set', path, value: 'Edited: a "new" value, with #hash' }]);
      const { removed, added } = changed(text, edited);
      expect(removed, `${path.join('.')}`).toEqual([text.split('\n')[line]]);
      expect(added).toHaveLength(1);
      const data = dataOf(edited);
      expect(path.reduce<any>((d, k) => d[k], data)).toBe('Edited: a "new" value, with #hash');
    }
  });

  it('keeps the quoting of the value it edits, and quotes a plain value that would read as another type', () => {
    const text = `a: "double"\nb: 'single'\nc: plain\nd: plain # note\n`;
    expect(applyEdits(text, [{ op: 'set', path: ['a'], value: 'x' }])).toBe(`a: "x"\nb: 'single'\nc: plain\nd: plain # note\n`);
    expect(applyEdits(text, [{ op: 'set', path: ['b'], value: "it's" }])).toBe(`a: "double"\nb: 'it''s'\nc: plain\nd: plain # note\n`);
    expect(applyEdits(text, [{ op: 'set', path: ['c'], value: 'true' }])).toBe(`a: "double"\nb: 'single'\nc: "true"\nd: plain # note\n`);
    expect(applyEdits(text, [{ op: 'set', path: ['d'], value: 'other' }])).toBe(`a: "double"\nb: 'single'\nc: plain\nd: other # note\n`);
    expect(applyEdits(text, [{ op: 'set', path: ['c'], value: 12 }])).toBe(`a: "double"\nb: 'single'\nc: 12\nd: plain # note\n`);
  });

  it('keeps a CRLF file CRLF', () => {
    const text = read(join(projectRoot, 'tests/fixtures/yaml-styles/crlf.yaml'));
    const out = applyEdits(text, [{ op: 'set', path: ['sections', 0, 'headline'], value: 'Still Windows' }]);
    expect(out).toBe(text.replace('"Windows"', '"Still Windows"'));
    const added = applyEdits(text, [{ op: 'insert', path: ['sections'], index: 1, value: { type: 'faq', heading: 'Q' } }]);
    expect(added.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('edits a block scalar in its own style, and only its lines', () => {
    const text = read(join(projectRoot, 'tests/fixtures/yaml-styles/block-scalars.yaml'));
    const out = applyEdits(text, [{ op: 'set', path: ['literal'], value: 'line one\nline 2\n' }]);
    expect(changed(text, out)).toEqual({ removed: ['  line two'], added: ['  line 2'] });
  });
});

/** A fixture of two blocks' lines: their text is compared exactly, lines around must stay. */
const PAGE = `# The home page
title: "Home" # shown in the tab
sections:
  # The first thing a visitor sees
  - type: hero
    headline: "Hello"

  - type: paragraph
    text: "One"

  # Closing words
  - type: paragraph
    text: 'Two'
footer: kept # trailing
`;

describe('blocks', () => {
  const edit = (...edits: Edit[]) => applyEdits(PAGE, edits);

  it('inserts a block from a value, in the file\'s indentation and quoting, with the usual blank line', () => {
    const out = edit({ op: 'insert', path: ['sections'], index: 1, value: { type: 'faq', heading: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] } });
    expect(changed(PAGE, out)).toEqual({
      removed: [],
      added: ['  - type: faq', '    heading: "Questions"', '    items:', '      - question: "Why?"', '        answer: "Because."', ''],
    });
    expect(dataOf(out).sections[1].items[0].answer).toBe('Because.');
  });

  it('appends a block at the end of the list', () => {
    const out = edit({ op: 'insert', path: ['sections'], index: 3, value: { type: 'cta', heading: 'Go' } });
    expect(changed(PAGE, out)).toEqual({ removed: [], added: ['', '  - type: cta', '    heading: "Go"'] });
  });

  it('deletes a block with the comment above it, and nothing else', () => {
    const out = edit({ op: 'delete', path: ['sections', 2] });
    expect(changed(PAGE, out)).toEqual({ removed: ['', '  # Closing words', '  - type: paragraph', "    text: 'Two'"], added: [] });
    const first = edit({ op: 'delete', path: ['sections', 0] });
    expect(changed(PAGE, first)).toEqual({ removed: ['  # The first thing a visitor sees', '  - type: hero', '    headline: "Hello"', ''], added: [] });
  });

  it('moves a block up and down: only the two blocks\' lines change, blank lines stay between them', () => {
    const up = edit({ op: 'move', path: ['sections'], from: 1, to: 0 });
    expect(changed(PAGE, up)).toEqual({
      removed: ['  # The first thing a visitor sees', '  - type: hero', '    headline: "Hello"', '', '  - type: paragraph', '    text: "One"'],
      added: ['  - type: paragraph', '    text: "One"', '', '  # The first thing a visitor sees', '  - type: hero', '    headline: "Hello"'],
    });
    expect(edit({ op: 'move', path: ['sections'], from: 0, to: 1 })).toBe(up);
    // And back again: the file as it was.
    expect(applyEdits(up, [{ op: 'move', path: ['sections'], from: 0, to: 1 }])).toBe(PAGE);
  });

  it('duplicates a block right after itself, without the comment that describes the first', () => {
    const out = edit({ op: 'duplicate', path: ['sections'], index: 2 });
    expect(changed(PAGE, out)).toEqual({ removed: [], added: ['', '  - type: paragraph', "    text: 'Two'"] });
  });

  it('sets a missing key after the mapping\'s last line, and removes a key with its lines', () => {
    const out = edit({ op: 'set', path: ['sections', 0, 'button'], value: { label: 'Go now', href: '#products' } });
    expect(changed(PAGE, out)).toEqual({ removed: [], added: ['    button:', '      label: "Go now"', '      href: "#products"'] });
    const back = applyEdits(out, [{ op: 'delete', path: ['sections', 0, 'button'] }]);
    expect(back).toBe(PAGE);
    expect(changed(PAGE, edit({ op: 'set', path: ['sections', 1, 'id'], value: 'intro' }))).toEqual({ removed: [], added: ['    id: intro'] });
  });

  it('edits inside a flow mapping on its line only', () => {
    const text = `cards:\n  - figure: { value: "70%", label: of users }\n    title: x\n`;
    const out = applyEdits(text, [{ op: 'set', path: ['cards', 0, 'figure', 'extra'], value: 'new one' }]);
    expect(out).toBe(`cards:\n  - figure: { value: "70%", label: of users, extra: "new one" }\n    title: x\n`);
    expect(applyEdits(text, [{ op: 'set', path: ['cards', 0, 'figure', 'value'], value: '71%' }])).toBe(text.replace('70%', '71%'));
  });

  it('gives an empty [] list its first item as a block list', () => {
    const out = applyEdits(`title: "x"\nsections: []\nz: 1\n`, [{ op: 'insert', path: ['sections'], index: 0, value: { type: 'faq' } }]);
    expect(out).toBe(`title: "x"\nsections:\n  - type: faq\nz: 1\n`);
  });

  it('empties a list as [] rather than leaving a null', () => {
    const text = `a:\n  - 1\nb: 2\n`;
    const out = applyEdits(text, [{ op: 'delete', path: ['a', 0] }]);
    expect(dataOf(out)).toEqual({ a: [], b: 2 });
    expect(out.split('\n')[1]).toBe('b: 2');
  });

  it.each(corpus.map(name))('%s: moving, duplicating and deleting an item changes only its lines', (file) => {
    const text = read(join(projectRoot, file));
    const data = parseDocument(text).toJS({ maxAliasCount: -1 }) as Record<string, unknown> | null;
    const doc = parseDocument(text);
    const lists = data && typeof data === 'object' ? Object.entries(data).filter(([, v]) => Array.isArray(v) && v.length >= 2) : [];
    for (const [key] of lists) {
      const node = doc.get(key, true);
      if (isSeq(node) && node.flow) {
        // A flow list is one node: its own lines change, no other.
        const moved = changed(text, applyEdits(text, [{ op: 'move', path: [key], from: 1, to: 0 }]));
        const lines = text.split('\n');
        const first = text.slice(0, node.range![0]).split('\n').length - 1;
        const last = text.slice(0, node.range![1]).split('\n').length - 1;
        expect(moved.removed).toEqual(lines.slice(first, last + 1).filter((l) => moved.removed.includes(l)));
        expect(moved.removed.length).toBeGreaterThan(0);
        expect(moved.removed.length).toBe(moved.added.length);
        continue;
      }
      const sorted = (l: string[]) => [...l].sort();
      const moved = changed(text, applyEdits(text, [{ op: 'move', path: [key], from: 1, to: 0 }]));
      expect(sorted(moved.added), `${file} move`).toEqual(sorted(moved.removed));
      expect(changed(text, applyEdits(text, [{ op: 'duplicate', path: [key], index: 0 }])).removed, `${file} duplicate`).toEqual([]);
      // An item that others refer to by alias cannot go alone: the list is written out again (data checked inside).
      if (!/^\s*- &/m.test(text)) expect(changed(text, applyEdits(text, [{ op: 'delete', path: [key, 1] }])).added, `${file} delete`).toEqual([]);
    }
  });

  it('every corpus file is valid YAML (a broken one would test nothing)', () => {
    for (const f of corpus) for (const d of parseAllDocuments(read(f))) expect(d.errors, name(f)).toEqual([]);
  });
});
