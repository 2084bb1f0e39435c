// Hostile variants of real YAML documents, from a seed: the fuzzer's inputs. Each mutation is one a
// marketer's slip or an attacker's file could make; several may apply to one document.
import { rng, type Rng } from '../../model/seeded-random.ts';

export { rng, type Rng };

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rng, n: number) => Math.floor(r() * n);

const HOSTILE_LINKS = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/', '/\\evil.example', 'http://plain.example', '/nowhere#nope', '#missing', 'mailto:', ''];
const HOSTILE_TOKENS = ['{valueOf:instagram}', '{constructor}', '{__proto__}', '{price:}', '{price:nope}', '{toString:x}', '{hasOwnProperty}', '{price:instagram', '{{price:instagram}}'];
const ODD_TEXT = ['\u0000', '\u202e', '\ud83d\ude00', '\ud800', '\t', '\\', '"', "'", ': ', ' #', '---', '...', '*', '&', '!', '%', '@', '`', '|', '>', '[', ']', '{', '}'];

type Mutation = (text: string, r: Rng) => string | Buffer;

const lines = (t: string) => t.split('\n');

const MUTATIONS: Record<string, Mutation> = {
  deleteLine: (t, r) => { const l = lines(t); l.splice(int(r, l.length), 1); return l.join('\n'); },
  duplicateLine: (t, r) => { const l = lines(t); const i = int(r, l.length); l.splice(i, 0, l[i]!); return l.join('\n'); },
  indentLine: (t, r) => { const l = lines(t); const i = int(r, l.length); l[i] = pick(r, [' ', '  ', '\t', '   ']) + l[i]; return l.join('\n'); },
  dedentLine: (t, r) => { const l = lines(t); const i = int(r, l.length); l[i] = l[i]!.replace(/^ {1,2}/, ''); return l.join('\n'); },
  swapType: (t, r) => { const l = lines(t); const i = int(r, l.length); l[i] = l[i]!.replace(/:\s.*$/, `: ${pick(r, ['[]', '{}', '42', 'true', 'null', '~', '"x"', '[1, [2, [3]]]', '{a: {b: {c: 1}}}', '-1e999', '0x1F', '.nan'])}`); return l.join('\n'); },
  unknownKey: (t, r) => { const l = lines(t); const i = int(r, l.length); const indent = /^\s*(- )?/.exec(l[i]!)![0].replace('- ', '  '); l.splice(i + 1, 0, `${indent}${pick(r, ['typo', 'constructor', '__proto__', 'prototype', 'tpye', 'x'.repeat(int(r, 300) + 1)])}: 1`); return l.join('\n'); },
  unknownBlock: (t, r) => t.replace(/type: [a-z-]+/, `type: ${pick(r, ['paragrap', 'x'.repeat(10_000), '__proto__', 'constructor', '', '"🙂"'])}`),
  hostileLink: (t, r) => t.replace(/\((\/[^)\s]*)\)|href: .*/, (m) => (m.startsWith('(') ? `(${pick(r, HOSTILE_LINKS)})` : `href: "${pick(r, HOSTILE_LINKS)}"`)),
  hostileToken: (t, r) => { const l = lines(t); const i = int(r, l.length); l[i] = l[i]!.replace(/"([^"]*)"/, (_m, s: string) => `"${s} ${pick(r, HOSTILE_TOKENS)}"`); return l.join('\n'); },
  oddCharacter: (t, r) => { const i = int(r, t.length + 1); return t.slice(0, i) + pick(r, ODD_TEXT) + t.slice(i); },
  alias: (t, r) => `${pick(r, ['x: &a [1, 2]\n', 'x: *nothing\n', 'x: &a\n  y: *a\n', '<<: *nowhere\n', 'x: &a {b: *a}\n'])}${t}`,
  aliasBomb: () => ['a: &a ["x","x","x","x","x","x","x","x","x"]', 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]', 'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]', 'f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]'].join('\n'),
  hugeString: (t, r) => t.replace(/text: "[^"]*"/, `text: "${pick(r, ['[', '*a', 'a', '**', '[a](', '\\\\', '{'])}`.repeat(1) + `${pick(r, ['[', '*a', 'a ', '_', '`'])}`.repeat(50_000 + int(r, 150_000)) + '"'),
  hugeList: (t, r) => `${t}\n${pick(r, ['sections', 'extra'])}:\n${'  - type: paragraph\n    text: "x"\n'.repeat(2000 + int(r, 3000))}`,
  deepNesting: (t, r) => `${t}\nnested: ${'['.repeat(200 + int(r, 800))}${']'.repeat(200 + int(r, 800))}\n`,
  badBytes: (t, r) => { const b = Buffer.from(t); const i = int(r, b.length + 1); return Buffer.concat([b.subarray(0, i), Buffer.from([pick(r, [0xff, 0xc3, 0xe2, 0x80, 0xf0, 0x00])]), b.subarray(i)]); },
  crEndings: (t) => t.replace(/\n/g, '\r'),
  crlfEndings: (t) => t.replace(/\n/g, '\r\n'),
  mixedEndings: (t, r) => t.replace(/\n/g, () => pick(r, ['\n', '\r\n', '\r'])),
  truncate: (t, r) => t.slice(0, int(r, t.length)),
  tags: (t, r) => t.replace(/: "/, `: ${pick(r, ['!!binary ', '!secret ', '!!js/function ', '!!set ', '!!omap '])}"`),
  directives: (t, r) => `${pick(r, ['%YAML 1.1\n---\n', '%TAG ! tag:x,2000:\n---\n', '---\n', '--- !!map\n', '...\n'])}${t}`,
  multiDoc: (t) => `${t}\n---\n${t}`,
  bom: (t) => `\ufeff${t}`,
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** One to three mutations of a document; returns the bytes and what was done. */
export function mutate(text: string, r: Rng): { bytes: Buffer; applied: string[] } {
  let current: string | Buffer = text;
  const applied: string[] = [];
  const n = 1 + int(r, 3);
  for (let i = 0; i < n; i++) {
    const name = pick(r, MUTATION_NAMES);
    // Byte-level mutations end the chain: later ones work on text.
    const out: string | Buffer = MUTATIONS[name]!(current as string, r);
    current = out;
    applied.push(name);
    if (Buffer.isBuffer(out)) break;
  }
  return { bytes: Buffer.isBuffer(current) ? current : Buffer.from(current), applied };
}
