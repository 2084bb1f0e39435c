// A fifth platform, added as docs/marketer/platforms.md says (a catalogue entry and `npm run new -- platform <id>`), on a
// copy of the blog-site fixture (frozen; the live site's own content is checked by validate alone): no
// rendered page lists only the old platforms in a list-like phrase unless validate warns at it, the
// upgrade boxes name the others with the new one among them, and validate reports each count or list a
// new platform made wrong: a list still typed by hand (planted here in one article) and a count that
// was true before the platform joined ("all four apps", planted in another), each a warning at its line
// and column, naming the token to write. That warning is the check doing its job, not a failure.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { compileSite } from '../../generator/core/compile.ts';
import type { Diagnostic } from '../../generator/core/errors.ts';
import { bundledProducts, countWord, isBundle, listWords } from '../../model/catalogue.ts';
import type { CompiledSite, SiteConfig } from '../../model/page.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { copyProject, errorsOf } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const NEW = { id: 'linkedin', platform: 'LinkedIn', route: '/linkedin-detox', title: 'LinkedIn Detox Plan', shortTitle: 'LinkedIn Detox' };

let dir = '';
let before: SiteConfig;
let compiled: CompiledSite;
let diagnostics: Diagnostic[];
type Planted = { file: string; line: number; column: number; phrase: string };
let planted: Planted;
let count: Planted;
let staleBefore: Diagnostic[];
const rendered = new Map<string, string>();

const visibleText = (h: string) => h.replace(/<(script|style)[\s\S]*?<\/\1>/g, '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

beforeAll(() => {
  dir = copyProject('grow-mentions-', 'blog-site');
  before = parse(readFileSync(join(dir, 'site.config.yaml'), 'utf8')) as SiteConfig;
  const bundle = before.products.find(isBundle)!;
  const old = bundledProducts(before, bundle).map((p) => p.platform);

  // One list left typed by hand, as a marketer might have written it before the tokens: in the first
  // article that lists the bundle's platforms with the token.
  const blog = join(dir, 'pages/blog');
  const file = readdirSync(blog).sort().find((f) => readFileSync(join(blog, f), 'utf8').includes(`{platforms:${bundle.id}}`))!;
  const text = readFileSync(join(blog, file), 'utf8');
  const phrase = listWords(old);
  const at = text.indexOf(`{platforms:${bundle.id}}`);
  writeFileSync(join(blog, file), text.slice(0, at) + phrase + text.slice(at + `{platforms:${bundle.id}}`.length));
  const lines = text.slice(0, at).split('\n');
  planted = { file: `pages/blog/${file}`, line: lines.length, column: lines.at(-1)!.length + 1, phrase };

  // A count true today, typed by hand in another article: "All four apps, one reset."
  const other = readdirSync(blog).sort().find((f) => f !== file && f !== 'index.yaml' && /^ {4}text: "/m.test(readFileSync(join(blog, f), 'utf8')))!;
  const otherText = readFileSync(join(blog, other), 'utf8');
  const counted = `All ${countWord(old.length)} apps`;
  const opening = /^ {4}text: "/m.exec(otherText)!;
  const insertAt = opening.index + opening[0].length;
  writeFileSync(join(blog, other), `${otherText.slice(0, insertAt)}${counted}, one reset. ${otherText.slice(insertAt)}`);
  const otherLines = otherText.slice(0, insertAt).split('\n');
  count = { file: `pages/blog/${other}`, line: otherLines.length, column: otherLines.at(-1)!.length + 1, phrase: counted };
  // Before the platform joins, the count is right: no warning at it.
  staleBefore = compileSite(dir).diagnostics.filter((d) => d.name === 'CatalogueCountByHand' || d.name === 'CatalogueListByHand');

  // The platform, as docs/marketer/platforms.md says: a catalogue entry (copied from a guide's), then its page file.
  const model = before.products.find((p) => !isBundle(p))!;
  const config = readFileSync(join(dir, 'site.config.yaml'), 'utf8');
  appendFileSync(join(dir, 'site.config.yaml'), `${config.endsWith('\n') ? '' : '\n'}${stringify([{ ...model, ...NEW, checkoutUrl: `https://checkout.example.com/${NEW.id}` }]).replace(/^/gm, '  ')}`);
  const made = spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/new.ts', 'platform', NEW.id], { cwd: dir, encoding: 'utf8' });
  expect(made.status, `${made.stdout}${made.stderr}`).toBe(0);
  // Its copy written, the draft is published (docs/marketer/platforms.md: rewrite each DRAFT: text, then remove `draft: true`).
  const page = join(dir, `pages${NEW.route}.yaml`);
  writeFileSync(page, readFileSync(page, 'utf8').replace(/^draft: true\n/m, '').replaceAll('DRAFT: ', ''));

  const r = compileSite(dir);
  diagnostics = r.diagnostics;
  expect(errorsOf(diagnostics)).toEqual([]);
  compiled = r.site!;
  for (const p of compiled.pages) {
    rendered.set(p.route, visibleText(renderPage({ compiled, page: p, assets: { css: ['/site.css'], scripts: [] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-01-15T12:00:00Z') }).html));
  }
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a site grown by a platform', () => {
  it('lists the old platforms alone on no rendered page but where validate warns at a list typed by hand', () => {
    const bundle = before.products.find(isBundle)!;
    const old = bundledProducts(before, bundle).map((p) => p.platform);
    const members = bundledProducts(compiled.site, compiled.site.products.find(isBundle)!).map((p) => p.platform);
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The old platforms as a list of their own: "A, B, C and D", "A, B, C or D", "A, B, C, D or the
    // bundle"; not the start of the new list ("A, B, C, D and E").
    const oldList = new RegExp(`${escape(listWords(old))}|${escape(listWords(old, 'or'))}|${escape(old.join(', '))}(?:,? (?:and|or) |, )(?!${members.map(escape).join('|')})`);
    // On the new platform's own page the old platforms are exactly the others its upgrade box names.
    const stale = [...rendered].filter(([route, text]) => route !== NEW.route && oldList.test(text)).map(([route]) => route);
    const warned = new Set(diagnostics.filter((d) => d.name === 'CatalogueListByHand').map((d) => d.file));
    const routeOf = (route: string) => compiled.pages.find((p) => p.route === route)!.file;
    expect(stale).toContain(planted.file.replace(/^pages/, '').replace(/\.yaml$/, ''));
    expect(stale.filter((route) => !warned.has(routeOf(route)))).toEqual([]);
  });

  it('names the other platforms, the new one among them, in every upgrade box but where validate warns at a list typed by hand', () => {
    const site = compiled.site;
    const bundle = site.products.find(isBundle)!;
    const members = bundledProducts(site, bundle);
    expect(members.map((p) => p.id)).toContain(NEW.id);
    const warned = new Set(diagnostics.filter((d) => d.name === 'CatalogueListByHand').map((d) => d.file));
    const fileOf = (route: string) => compiled.pages.find((p) => p.route === route)?.file;
    // The new platform's page, written by the starter with a token, names them all.
    expect(rendered.get(NEW.route)).toContain(listWords(members.filter((x) => x.id !== NEW.id).map((x) => x.platform)));
    // (A platform of the fixture's catalogue may have no page of its own.)
    for (const p of members.filter((m) => fileOf(m.route))) {
      const others = listWords(members.filter((x) => x !== p).map((x) => x.platform));
      if (!warned.has(fileOf(p.route)!)) expect(rendered.get(p.route), p.route).toContain(others);
    }
  });

  it('says the full list wherever a page lists the bundle with a token, in its text or its metadata', () => {
    const bundle = compiled.site.products.find(isBundle)!;
    const names = bundledProducts(compiled.site, bundle).map((p) => p.platform);
    let tokens = 0;
    for (const page of compiled.pages) {
      const text = readFileSync(join(dir, page.file), 'utf8');
      // The compiled page, its metadata included (a description is not visible text).
      const said = JSON.stringify(page);
      if (text.includes(`{platforms:${bundle.id}}`)) {
        tokens++;
        expect(said, page.route).toContain(listWords(names));
      }
      if (text.includes(`{platformsOr:${bundle.id}}`)) expect(said, page.route).toContain(listWords(names, 'or'));
    }
    expect(tokens).toBeGreaterThan(0);
  });

  it('reports the list still typed by hand as a warning at its line and column, naming the token', () => {
    const list = diagnostics.find((d) => d.name === 'CatalogueListByHand' && d.file === planted.file);
    expect(list).toMatchObject({ severity: 'warning', line: planted.line, column: planted.column });
    expect(list!.message).toContain(`"${planted.phrase}"`);
    expect(list!.message).toContain(`(not ${NEW.platform})`);
    expect(list!.message).toContain('{platforms:');
  });

  it('accepts a count that was true, and warns at it once the new platform makes it wrong', () => {
    const at = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}`;
    expect(staleBefore.filter((d) => d.file === count.file)).toEqual([]);
    const warning = diagnostics.find((d) => d.name === 'CatalogueCountByHand' && d.file === count.file);
    expect(warning).toMatchObject({ severity: 'warning', line: count.line, column: count.column });
    expect(warning!.message).toContain(`"${count.phrase}"`);
    expect(warning!.message).toContain('{countWord:');
    // Every other warning about the catalogue was there before the platform joined, or is at a list or
    // a count that was true until it did: all the old platforms, or their number. Those are the check
    // doing its job, wherever such copy is.
    const old = bundledProducts(before, before.products.find(isBundle)!).map((p) => p.platform);
    const figures = new Set([String(old.length), countWord(old.length)]);
    const wasTrue = (d: Diagnostic) => {
      const phrase = /^"([^"]+)"/.exec(d.message)![1]!;
      return d.name === 'CatalogueListByHand' ? old.every((name) => phrase.includes(name)) : phrase.split(/\s+/).some((w) => figures.has(w.toLowerCase()));
    };
    const known = new Set([...staleBefore.map(at), `${planted.file}:${planted.line}:${planted.column}`]);
    const stale = diagnostics.filter((d) => d.name === 'CatalogueListByHand' || d.name === 'CatalogueCountByHand');
    expect(stale.filter((d) => !known.has(at(d)) && !wasTrue(d)).map((d) => `${at(d)} ${d.message}`)).toEqual([]);
  });
});
