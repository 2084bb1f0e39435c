// The docs stay true to the project: every `npm run X` that README.md and docs/ name is a script of
// package.json; every script, and every environment variable the code reads, has its line in
// docs/reference.md; every relative link of every Markdown file resolves, to a file and, for an
// #anchor, to a heading of it (as GitHub makes a heading's anchor). Each check is a function of the
// texts, so the last test shows each one failing on a broken text.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './fixture.ts';

const md = new MarkdownIt();

/** Folders that hold no docs of the project: dependencies, outputs, data, git. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.data', '.tmp', 'test-results', 'playwright-report']);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name) || name.startsWith('.data-')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, keep));
    else if (keep(name)) out.push(full);
  }
  return out;
}

const markdownFiles = () => filesUnder(projectRoot, (n) => n.endsWith('.md')).map((f) => relative(projectRoot, f).split('\\').join('/'));
const read = (file: string) => readFileSync(join(projectRoot, file), 'utf8');
const scripts = () => Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** Every `npm run X` in the texts whose script does not exist, as "file: npm run X". */
export function unknownScripts(texts: Record<string, string>, known: string[]): string[] {
  const out: string[] = [];
  for (const [file, text] of Object.entries(texts)) {
    for (const m of text.matchAll(/npm run (?:--silent )?([\w:-]+)/g)) if (!known.includes(m[1]!)) out.push(`${file}: npm run ${m[1]}`);
  }
  return out;
}

/** The scripts with no row of their own in the reference's tables (`npm start`, `npm test`, `npm run X`). */
export function undocumentedScripts(reference: string, known: string[]): string[] {
  const rows = new Set([...reference.matchAll(/^\| `npm (?:run )?([\w:-]+)/gm)].map((m) => m[1]!));
  return known.filter((s) => !rows.has(s));
}

/** The environment variables the code reads: process.env.X, process.env['X'], env.X, Deno.env.get('X'), env('X') (the Edge Functions' reader). */
export function variablesRead(code: string): string[] {
  const names = [...code.matchAll(/\benv(?:\.|\[['"]|\.get\(['"]|\(['"])([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!);
  // ASSETS is Cloudflare's binding to the site's files in a Pages worker, not an environment variable.
  return [...new Set(names)].filter((n) => n !== 'ASSETS');
}

/** Variables read by the code that the reference does not name in backticks. */
export function undocumentedVariables(reference: string, read: string[]): string[] {
  return read.filter((v) => !reference.includes(`\`${v}\``));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const tokens = md.parse(text, {});
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const words = (tokens[i + 1]!.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
    const slug = words.toLowerCase().trim().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  });
  return anchors;
}

/** The relative links of a Markdown text (not in code), as written. */
export function linksOf(text: string): string[] {
  const out: string[] = [];
  for (const t of md.parse(text, {})) {
    for (const c of t.children ?? []) {
      const target = c.type === 'link_open' ? c.attrGet('href') : c.type === 'image' ? c.attrGet('src') : null;
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//')) out.push(target);
    }
  }
  return out;
}

/** Every relative link that does not resolve, as "file: link (why)"; `texts` holds every Markdown file by its path. */
export function brokenLinks(texts: Record<string, string>, exists: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, text] of Object.entries(texts)) {
    for (const link of linksOf(text)) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? relative(projectRoot, resolve(projectRoot, dirname(file), decodeURI(path))).split('\\').join('/') : file;
      if (path && !exists(target)) {
        out.push(`${file}: ${link} (no file ${target})`);
        continue;
      }
      if (anchor === undefined || !target.endsWith('.md')) continue;
      const targetText = texts[target];
      if (targetText === undefined) out.push(`${file}: ${link} (cannot read ${target})`);
      else if (!anchorsOf(targetText).has(anchor)) out.push(`${file}: ${link} (no heading #${anchor} in ${target})`);
    }
  }
  return out;
}

describe('the docs', () => {
  const files = markdownFiles();
  const texts = Object.fromEntries(files.map((f) => [f, read(f)]));
  const docs = Object.fromEntries(files.filter((f) => f === 'README.md' || f.startsWith('docs/')).map((f) => [f, texts[f]!]));
  const reference = texts['docs/reference.md'] ?? '';

  it('finds the README, the guides and the other READMEs', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/reference.md', 'generator/README.md', 'supabase/README.md']));
    expect(Object.keys(docs).length).toBeGreaterThan(10);
  });

  it('name only npm scripts that exist', () => {
    expect(unknownScripts(docs, scripts())).toEqual([]);
  });

  it('give every script of package.json its row in docs/reference.md', () => {
    expect(undocumentedScripts(reference, scripts())).toEqual([]);
  });

  it('name in docs/reference.md every environment variable the code reads', () => {
    const code = ['generator', 'runtime', 'model', 'supabase', 'scripts', 'studio', 'pdf', 'tests']
      // This file's own examples below are not reads.
      .flatMap((d) => filesUnder(join(projectRoot, d), (n) => /\.(ts|tsx|mjs)$/.test(n) && n !== 'docs.test.ts'))
      .concat(readdirSync(projectRoot).filter((n) => /\.config\.ts$/.test(n)).map((n) => join(projectRoot, n)))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const read = variablesRead(code);
    expect(read).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'CHECKOUT_PROVIDER']));
    expect(undocumentedVariables(reference, read)).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    expect(brokenLinks(texts, (p) => existsSync(join(projectRoot, p)))).toEqual([]);
  });

  it('would notice a script that does not exist, one left out of the reference, a variable, a broken link or anchor', () => {
    expect(unknownScripts({ 'docs/x.md': 'Run `npm run biuld`, then `npm run build`.' }, ['build'])).toEqual(['docs/x.md: npm run biuld']);
    expect(undocumentedScripts('| `npm start` | … |\n| `npm run build` | … |\nSee `npm run bench`.', ['start', 'build', 'bench'])).toEqual(['bench']);
    expect(variablesRead("const p = process.env.PORT; const k = Deno.env.get('KEY'); env.ASSETS.fetch(r); process.env['OUT']; env('SITE_URL')")).toEqual(['PORT', 'KEY', 'OUT', 'SITE_URL']);
    expect(undocumentedVariables('`PORT` the port', ['PORT', 'PORTS'])).toEqual(['PORTS']);
    const guide = '# Guide\n\n## Moving the ports\n\n### `npm run dev`: the studio\n\n## Moving the ports\n';
    expect([...anchorsOf(guide)]).toEqual(['guide', 'moving-the-ports', 'npm-run-dev-the-studio', 'moving-the-ports-1']);
    const texts = {
      'docs/a.md': guide,
      'docs/b.md': '[ok](a.md#npm-run-dev-the-studio) [twice](a.md#moving-the-ports-1) [gone](c.md) [anchor](a.md#moving-ports) [here](#nowhere) [site](https://example.com/x.md) `[code](c.md)`',
    };
    expect(brokenLinks(texts, (p) => p in texts)).toEqual([
      'docs/b.md: c.md (no file docs/c.md)',
      'docs/b.md: a.md#moving-ports (no heading #moving-ports in docs/a.md)',
      'docs/b.md: #nowhere (no heading #nowhere in docs/b.md)',
    ]);
  });
});
