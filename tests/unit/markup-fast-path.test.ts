// parseInline skips markdown-it for text that holds none of the characters its rules start at. This
// proves the shortcut changes nothing: every text of the real pages, and random text drawn from every
// character class the parser cares about, parse the same both ways.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listFiles, isYaml } from '../../generator/store/files.ts';
import { countWords, parseInline, parseInlineWithParser } from '../../model/markup.ts';
import { liveSite } from './fixture.ts';

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

describe('parseInline fast path', () => {
  it('agrees with the parser on every text of the site', () => {
    const files = [...listFiles(join(liveSite, 'pages'), isYaml), join(liveSite, 'site.config.yaml')];
    const texts = files.flatMap((f) => strings(parse(readFileSync(f, 'utf8'))));
    expect(texts.length).toBeGreaterThan(100);
    for (const t of texts) expect(parseInline(t), t).toEqual(parseInlineWithParser(t));
  });

  it('agrees with the parser on random text made of markup characters', () => {
    // A small deterministic generator, so a failure can be replayed.
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const alphabet = ['a', 'b', ' ', '  ', '\t', '!', '#', '&amp;', '<b>', '`', '~', '-', '+', '=', ':', '@', '$', '%', '^', '{', '}', '(', ')', '"', "'", '.', 'é', '😀', '1.', '> ', '# '];
    for (let i = 0; i < 5000; i++) {
      const t = Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join('');
      expect(parseInline(t), JSON.stringify(t)).toEqual(parseInlineWithParser(t));
    }
  });

  it('still parses markup', () => {
    expect(parseInline('a **b** [c](/d)')).toEqual(parseInlineWithParser('a **b** [c](/d)'));
    expect(parseInline('a **b**')).not.toEqual([{ type: 'text', value: 'a **b**' }]);
  });
});

describe('countWords', () => {
  // The definition it must keep (read times are checked against it): runs between JavaScript's
  // whitespace that hold a letter or a digit.
  const byDefinition = (plain: string) => plain.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

  it('counts as the definition does on every text of the site', () => {
    const files = [...listFiles(join(liveSite, 'pages'), isYaml), join(liveSite, 'site.config.yaml')];
    const texts = files.flatMap((f) => strings(parse(readFileSync(f, 'utf8'))));
    for (const t of texts) expect(countWords(t), t).toBe(byDefinition(t));
  });

  it('counts as the definition does on random text of every kind of space, letter, digit and sign', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const pieces = [' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u200b', 'a', 'Z', '7', 'é', 'ß', 'Ж', '中', '٣', '𝐀', '😀', '-', '—', '.', ',', '’', '"', '*', '_', '\u0301', '#'];
    for (let i = 0; i < 5000; i++) {
      const t = Array.from({ length: rand(40) }, () => pieces[rand(pieces.length)]).join('');
      expect(countWords(t), JSON.stringify(t)).toBe(byDefinition(t));
    }
  });
});
