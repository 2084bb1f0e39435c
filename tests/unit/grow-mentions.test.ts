// A fifth platform, added as the README says (a catalogue entry and `npm run new -- platform <id>`), on a
// copy of the project: no rendered page lists only the old platforms in a list-like phrase, the upgrade
// boxes name the others with the new one among them, and validate reports a list still typed by hand
// (planted here in one article) as a warning at its line and column, naming the token to write.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { compileSite } from '../../generator/core/compile.ts';
import type { Diagnostic } from '../../generator/core/errors.ts';
import { bundledProducts, isBundle, listWords } from '../../model/catalogue.ts';
import type { CompiledSite, SiteConfig } from '../../model/page.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { copyProject, errorsOf, projectRoot } from './fixture.ts';

const NEW = { id: 'linkedin', platform: 'LinkedIn', route: '/linkedin-detox', title: 'LinkedIn Detox Plan', shortTitle: 'LinkedIn Detox' };

let dir = '';
let before: SiteConfig;
let compiled: CompiledSite;
let diagnostics: Diagnostic[];
let planted: { file: string; line: number; column: number; phrase: string };
const rendered = new Map<string, string>();

const visibleText = (h: string) => h.replace(/<(script|style)[\s\S]*?<\/\1>/g, '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

beforeAll(() => {
  dir = copyProject('grow-mentions-');
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

  // The platform, as the README says: a catalogue entry (copied from a guide's), then its page file.
  const model = before.products.find((p) => !isBundle(p))!;
  const config = readFileSync(join(dir, 'site.config.yaml'), 'utf8');
  appendFileSync(join(dir, 'site.config.yaml'), `${config.endsWith('\n') ? '' : '\n'}${stringify([{ ...model, ...NEW, checkoutUrl: `https://checkout.example.com/${NEW.id}` }]).replace(/^/gm, '  ')}`);
  const made = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/new.ts', 'platform', NEW.id], { cwd: dir, encoding: 'utf8' });
  expect(made.status, `${made.stdout}${made.stderr}`).toBe(0);
  // Its copy written, the draft is published (README: "Remove `draft: true` when its copy is done").
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
  it('lists the old platforms alone on no rendered page but the one with the list typed by hand', () => {
    const bundle = before.products.find(isBundle)!;
    const old = bundledProducts(before, bundle).map((p) => p.platform);
    const members = bundledProducts(compiled.site, compiled.site.products.find(isBundle)!).map((p) => p.platform);
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The old platforms as a list of their own: "A, B, C and D", "A, B, C or D", "A, B, C, D or the
    // bundle"; not the start of the new list ("A, B, C, D and E").
    const oldList = new RegExp(`${escape(listWords(old))}|${escape(listWords(old, 'or'))}|${escape(old.join(', '))}(?:,? (?:and|or) |, )(?!${members.map(escape).join('|')})`);
    // On the new platform's own page the old platforms are exactly the others its upgrade box names.
    const stale = [...rendered].filter(([route, text]) => route !== NEW.route && oldList.test(text)).map(([route]) => route);
    expect(stale).toEqual([planted.file.replace(/^pages/, '').replace(/\.yaml$/, '')]);
  });

  it('names the other platforms, the new one among them, in every upgrade box', () => {
    const site = compiled.site;
    const bundle = site.products.find(isBundle)!;
    const members = bundledProducts(site, bundle);
    expect(members.map((p) => p.id)).toContain(NEW.id);
    for (const p of members) {
      const others = listWords(members.filter((x) => x !== p).map((x) => x.platform));
      expect(rendered.get(p.route), p.route).toContain(others);
    }
  });

  it('says the new count and the full list wherever the site’s copy counts or lists the bundle', () => {
    const bundle = compiled.site.products.find(isBundle)!;
    const all = listWords(bundledProducts(compiled.site, bundle).map((p) => p.platform));
    expect(rendered.get('/contact')).toContain(listWords(bundledProducts(compiled.site, bundle).map((p) => p.platform), 'or'));
    expect(rendered.get('/refund-policy')).toContain(listWords(bundledProducts(compiled.site, bundle).map((p) => p.platform), 'or'));
    expect([...rendered.values()].filter((t) => t.includes(all)).length).toBeGreaterThan(3);
  });

  it('reports the list still typed by hand as a warning at its line and column, naming the token', () => {
    const stale = diagnostics.filter((d) => d.name === 'CatalogueListByHand' || d.name === 'CatalogueCountByHand');
    expect(stale).toMatchObject([{ name: 'CatalogueListByHand', severity: 'warning', file: planted.file, line: planted.line, column: planted.column }]);
    expect(stale[0]!.message).toContain(`"${planted.phrase}"`);
    expect(stale[0]!.message).toContain(`(not ${NEW.platform})`);
    expect(stale[0]!.message).toContain('{platforms:');
  });
});
