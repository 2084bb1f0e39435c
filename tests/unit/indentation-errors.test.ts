// A wrong indentation in a page gives one error, at the line that is wrong, with a plain reason: not
// the parser's cascade, and not the line above. Page files are broken each way a person breaks them:
// the fixture sites' (frozen) and the corpus of valid YAML styles' (tests/fixtures/yaml-styles/pages:
// block scalars, long plain texts folded over lines as the yaml library writes them, flow mappings,
// anchors, CRLF, comments), so another style of valid content is a case here, never a surprise.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { listFiles } from '../../generator/store/files.ts';
import { parseSource } from '../../generator/core/source.ts';
import { fixtureDir, makeFixture, projectRoot, VALID_INDEX } from './fixture.ts';

interface Break {
  name: string;
  /** Changes the lines; returns the 0-based index of the line that is now wrong, or -1 if the page has no place for it. */
  apply: (lines: string[]) => number;
  message: RegExp;
}

const SECTION = /^ {2}- [A-Za-z]+: \S/;
const SECTION_KEY = /^ {4}[A-Za-z]+: \S/;

/** The first section that starts `  - type: x` and goes on with a `    key: value` line: the index of that key line. */
const sectionKey = (lines: string[]) => lines.findIndex((l, i) => i > 0 && SECTION_KEY.test(l) && SECTION.test(lines[i - 1]!));

/** A list item inside a section (`      - key: v` then `        key: v`): the index of its second key. */
const nestedItemKey = (lines: string[]) =>
  lines.findIndex((l, i) => {
    const item = /^( {6,})- [A-Za-z]+: \S/.exec(lines[i - 1] ?? '');
    return !!item && new RegExp(`^${item[1]} {2}[A-Za-z]+: \\S`).test(l);
  });

const BREAKS: Break[] = [
  {
    name: 'an extra space before a key',
    apply: (ls) => {
      const i = sectionKey(ls);
      if (i >= 0) ls[i] = ` ${ls[i]}`;
      return i;
    },
    message: /indented more than the key above it/,
  },
  {
    name: 'a tab before a key',
    apply: (ls) => {
      const i = sectionKey(ls);
      if (i >= 0) ls[i] = `\t${ls[i]!.trimStart()}`;
      return i;
    },
    message: /tabs cannot indent YAML/,
  },
  {
    name: 'a key indented too little inside a section',
    apply: (ls) => {
      const i = sectionKey(ls);
      if (i >= 0) ls[i] = ls[i]!.slice(1);
      return i;
    },
    message: /indented less than the key above it/,
  },
  {
    name: 'a key indented back to the column of the list',
    apply: (ls) => {
      const i = sectionKey(ls);
      if (i >= 0) ls[i] = ls[i]!.slice(2);
      return i;
    },
    message: /indented less than the key above it/,
  },
  {
    name: "a list item's key indented too much",
    apply: (ls) => {
      const i = nestedItemKey(ls);
      if (i >= 0) ls[i] = `  ${ls[i]}`;
      return i;
    },
    message: /indented more than the key above it/,
  },
  {
    name: 'a key written on the `- type:` line',
    apply: (ls) => {
      const i = sectionKey(ls);
      if (i < 0) return -1;
      ls[i - 1] = `${ls[i - 1]} ${ls[i]!.trim()}`;
      ls.splice(i, 1);
      return i - 1;
    },
    message: /a key starts a line of its own/,
  },
];

const pagesOf = (dir: string) => listFiles(dir, (n) => n.endsWith('.yaml')).map((f) => ({ file: `pages/${relative(dir, f).split('\\').join('/')}`, text: readFileSync(f, 'utf8') }));
const pages = [
  ...pagesOf(join(fixtureDir('blog-site'), 'pages')),
  ...pagesOf(join(fixtureDir('minimal-site'), 'pages')),
  ...pagesOf(join(projectRoot, 'tests/fixtures/yaml-styles/pages')),
];

describe('a wrong indentation in a page of any style', () => {
  for (const b of BREAKS) {
    it(`${b.name}: one error, on that line, saying why`, () => {
      let tried = 0;
      for (const page of pages) {
        // Broken as an editor breaks it: the file's own line ends kept (CRLF stays CRLF).
        const eol = page.text.includes('\r\n') ? '\r\n' : '\n';
        const lines = page.text.split(eol);
        const at = b.apply(lines);
        if (at < 0) continue;
        tried++;
        const { errors } = parseSource(page.file, lines.join(eol));
        const where = `${page.file}, broken at line ${at + 1}: ${JSON.stringify(lines[at])}`;
        expect(errors, where).toHaveLength(1);
        expect(errors[0], where).toMatchObject({ name: 'Indentation', line: at + 1 });
        expect(errors[0]!.message, where).toMatch(b.message);
      }
      // The pages must offer the case at least once, or the test would pass on nothing.
      expect(tried).toBeGreaterThan(0);
    });
  }

  it('a colon after a lower-case word in a plain text is an unquoted colon, not a key on the line', () => {
    // Only `- type: <block type>` makes a lone lower-case word a value with a key after it.
    const TEXT = '    text: remember this: put the phone in another room';
    let tried = 0;
    for (const page of pages) {
      const eol = page.text.includes('\r\n') ? '\r\n' : '\n';
      const lines = page.text.split(eol);
      // A section's key line whose value ends on that line (the next line is no deeper).
      const i = lines.findIndex((l, n) => n > 0 && SECTION_KEY.test(l) && SECTION.test(lines[n - 1]!) && !/^ {5,}\S/.test(lines[n + 1] ?? ''));
      if (i < 0) continue;
      tried++;
      lines[i] = TEXT;
      const { errors } = parseSource(page.file, lines.join(eol));
      const where = `${page.file}, line ${i + 1}`;
      expect(errors, where).toHaveLength(1);
      expect(errors[0], where).toMatchObject({ name: 'UnquotedColon', line: i + 1, column: TEXT.indexOf('this:') + 1 });
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('names the key to line up with, on the line above', () => {
    const page = pages.find((p) => sectionKey(p.text.split('\n')) >= 0)!;
    const lines = page.text.split('\n');
    const i = sectionKey(lines);
    const key = /^\s*([A-Za-z]+):/.exec(lines[i]!)![1];
    const above = /^\s*- ([A-Za-z]+):/.exec(lines[i - 1]!)![1];
    lines[i] = ` ${lines[i]}`;
    const [error] = parseSource(page.file, lines.join('\n')).errors;
    expect(error!.message).toContain(`line "${key}:" up with "${above}:" (line ${i}, column 5)`);
  });

  it('leaves other mistakes to the parser: an unclosed quote is still a syntax error', () => {
    const { errors } = parseSource('pages/x.yaml', 'title: "About\ndescription: "x"\nsections: []\n');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.name === 'YamlSyntax')).toBe(true);
  });

  it('keeps the other files’ errors', () => {
    const broken = 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n     text: "Hello"\n';
    const other = 'title: "Contact"\ndescription: "x"\nsections:\n  - type: paragraph\n    txt: "Hello"\n';
    const { diagnostics } = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': broken, 'contact.yaml': other }));
    expect(diagnostics.filter((d) => d.file === 'pages/about.yaml')).toMatchObject([{ name: 'Indentation', line: 5, column: 6 }]);
    expect(diagnostics.filter((d) => d.file === 'pages/contact.yaml').map((d) => d.name)).toContain('UnknownField');
  });
});
