// The fast path for plain page YAML (generator/quick-yaml.ts) must give exactly the data `yaml` gives,
// or step aside: on the project's own files, on hand-written cases, and on thousands of mutated files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { quickYaml } from '../../generator/quick-yaml.ts';
import { parseSource } from '../../generator/source.ts';

const root = join(import.meta.dirname, '../..');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const f = join(dir, n);
    return statSync(f).isDirectory() ? yamlFiles(f) : /\.ya?ml$/.test(n) ? [f] : [];
  });
}

/** `yaml`'s verdict, as parseSource uses it: the data when the text parses without error, warning or duplicate key. */
function reference(text: string): { ok: true; data: unknown } | { ok: false } {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length || doc.warnings.length) return { ok: false };
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: 100 }) };
  } catch {
    return { ok: false };
  }
}

/** A text the fast path answered must be one `yaml` parses cleanly to the same data. */
function disagreement(text: string): string | undefined {
  const quick = quickYaml(text);
  if (!quick) return undefined;
  const ref = reference(text);
  if (!ref.ok) return 'the fast path accepted a text yaml rejects';
  try {
    expect(quick.data).toStrictEqual(ref.data);
  } catch {
    return `different data: ${JSON.stringify(quick.data)?.slice(0, 300)} against ${JSON.stringify(ref.data)?.slice(0, 300)}`;
  }
  return undefined;
}

const projectFiles = [...yamlFiles(join(root, 'pages')), join(root, 'site.config.yaml'), ...yamlFiles(join(root, 'tests'))];

describe('the fast YAML path', () => {
  it('handles plain page YAML, with the same data as yaml', () => {
    const text = [
      '# a comment',
      'template: article',
      'title: "Quotes \\"inside\\", a tab\\t, \\u00e9, \\x41, \\U0001F600 and a slash \\/"',
      "single: 'it''s # not a comment'",
      'plain: Lifestyle Design # a comment',
      'path: /ultimate-detox#faq',
      'words: not [flow], {really}',
      'numbers:',
      '  - 6',
      '  - -2.5',
      '  - 1e3',
      '  - 0x1F',
      '  - 0o17',
      '  - .inf',
      '  - 007',
      '  - 2025-01-19',
      '  - 1_000',
      '  - ~',
      '  - null',
      '  - True',
      '  - yes',
      'empty:',
      'same-indent:',
      '- a',
      '- b: 1',
      '  c: "2"',
      'sections:',
      '  - type: list',
      '    ordered: true',
      '',
      '    items:',
      '      - "**One.** First"',
      '      -   "Two"',
      '      -',
      '        nested: deep',
      '  - type: heading',
      '    level: 2',
      '',
    ].join('\n');
    expect(quickYaml(text)).toBeDefined();
    expect(disagreement(text)).toBeUndefined();
    expect(quickYaml(text.replace(/\n/g, '\r\n'))?.data).toStrictEqual(quickYaml(text)?.data);
  });

  it('steps aside for what it does not handle', () => {
    for (const text of [
      'a: |\n  block\n',
      'a: >\n  folded\n',
      'a: [1, 2]\n',
      'a: {b: 1}\n',
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: "two\n  lines"\n',
      'a: plain\n  continued\n',
      'a: 1\na: 2\n',
      '---\na: 1\n',
      'a:\tb\n',
      'a: b: c\n',
      '"quoted key": 1\n',
      '? complex\n: key\n',
      'a: "\\q"\n',
      '  a: 1\n',
      'a: 1\n  b: 2\n',
      'a:\n  - 1\n   - 2\n',
      'null: 1\n',
      '<<: {a: 1}\n',
      '__proto__: 1\n',
      '',
      '# only a comment\n',
    ]) {
      expect(quickYaml(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('agrees with yaml on every YAML file of the project', () => {
    const wrong = projectFiles.map((f) => [f, disagreement(readFileSync(f, 'utf8'))]).filter(([, d]) => d);
    expect(wrong).toEqual([]);
  });

  it('agrees with yaml on thousands of mutated page files', () => {
    // A seeded generator, so a failure is the same on every run (QUICK_YAML_SEED and QUICK_YAML_RUNS try others).
    let seed = Number(process.env.QUICK_YAML_SEED ?? 0x2545f491);
    const random = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const texts = projectFiles.map((f) => readFileSync(f, 'utf8')).filter((t) => quickYaml(t));
    const pieces = [' ', '  ', ':', ': ', '- ', '-', '#', ' #', '"', "'", '\\', '\\u00', '\n', '\t', 'x', '1', '0x', '.', '.5', '|', '>', '&', '*', '!', '[', '{', '\r', '\u00a0', '~', 'null', 'true', '---', '?', '%', '@', '\u2028', '\ud83d', 'é', '\\"'];
    const wrong: string[] = [];
    let answered = 0;
    for (let n = 0, runs = Number(process.env.QUICK_YAML_RUNS ?? 4000); n < runs; n++) {
      const lines = texts[random(texts.length)]!.split('\n').slice(0, 40);
      for (let k = 1 + random(3); k > 0; k--) {
        const i = random(lines.length);
        const line = lines[i]!;
        const at = random(line.length + 1);
        switch (random(5)) {
          case 0:
            lines[i] = line.slice(0, at) + pieces[random(pieces.length)]! + line.slice(at);
            break;
          case 1:
            lines[i] = line.slice(0, at) + line.slice(at + 1 + random(3));
            break;
          case 2:
            lines.splice(i, 0, line);
            break;
          case 3:
            lines[i] = ' '.repeat(random(7)) + line.trimStart();
            break;
          default:
            lines.splice(i, 1);
        }
      }
      const text = lines.join('\n');
      if (quickYaml(text)) answered++;
      const d = disagreement(text);
      if (d) wrong.push(`${JSON.stringify(text.slice(0, 400))}: ${d}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // The mutations leave many texts plain enough for the fast path, so the comparison means something.
    expect(answered).toBeGreaterThan(1000);
  });

  it('gives parseSource the same data, and positions parsed on demand', () => {
    const text = 'template: article\ntitle: "A"\nsections:\n  - type: paragraph\n    text: "Hello"\n';
    const { source, errors } = parseSource('pages/x.yaml', text);
    expect(errors).toEqual([]);
    expect(source.data).toStrictEqual(reference(text).ok && (reference(text) as { data: unknown }).data);
    expect(source.lines.linePos(text.indexOf('Hello')).line).toBe(5);
    expect(source.doc.contents).toBeTruthy();
  });
});
