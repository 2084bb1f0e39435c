// Newsletters are pages too (issue 51): a newsletter file compiles to a page of the site at
// /newsletters/<slug> whose links to the site carry the campaign's tags, and to a mail; drafts are
// left out as pages are; its errors are located like a page's, by `npm run validate` too; the list's
// own mails fill in only the addresses meant for them. On the newsletter-site fixture.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { sitemap } from '../../generator/render/site-files.ts';
import { money } from '../../model/catalogue.ts';
import { inlineLinks, parseInline, parseProse, proseLinks } from '../../model/markup.ts';
import { campaignQuery, newsletterRoute } from '../../model/newsletter.ts';
import type { Block, SiteConfig } from '../../model/page.ts';
import { copyProject, errorsOf, fixtureDir, fixtureSite } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const roots: string[] = [];
const site = () => {
  const root = fixtureSite('newsletter-site');
  roots.push(root);
  return root;
};
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const SLUG = 'first-letter';
const written = parse(readFileSync(join(fixtureDir('newsletter-site'), `newsletters/${SLUG}.yaml`), 'utf8')) as { subject: string; preheader: string; sections: Block[] };
const config = parse(readFileSync(join(fixtureDir('newsletter-site'), 'site.config.yaml'), 'utf8')) as SiteConfig;

/** Every address a block links to: its `href`, and the links of its texts. */
function linksOf(block: Block): string[] {
  const out: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (key === 'href') out.push(value);
      else out.push(...(block.type === 'markdown' && key === 'text' ? proseLinks(parseProse(value)).map((l) => l.href) : inlineLinks(parseInline(value))));
    } else if (Array.isArray(value)) value.forEach((v) => visit(v, key));
  };
  for (const [key, value] of Object.entries(block)) visit(value, key);
  return out;
}

/** Writes files into a site and compiles it. */
function withFiles(root: string, files: Record<string, string>, opts?: Parameters<typeof compileSite>[1]) {
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  return compileSite(root, opts);
}

const letter = (sections: string, head = '') => `${head}subject: "A letter"\npreheader: "What it says"\nsections:\n${sections}`;

describe('a newsletter', () => {
  const compiled = compileSite(site());

  it('compiles without errors, and is a page of the site at /newsletters/<slug> titled by its subject', () => {
    expect(errorsOf(compiled.diagnostics)).toEqual([]);
    const page = compiled.site!.pages.find((p) => p.route === newsletterRoute(SLUG))!;
    expect(page.title).toBe(written.subject);
    expect(page.description).toBe(written.preheader);
    expect(page.header).toBe('site');
    expect(sitemap(compiled.site!)).toContain(`${config.site.url}${newsletterRoute(SLUG)}</loc>`);
  });

  it("tags each link of its web version to the site with the campaign, keeping the link's own query and #hash", () => {
    const page = compiled.site!.pages.find((p) => p.route === newsletterRoute(SLUG))!;
    const asWritten = written.sections.flatMap(linksOf);
    const onTheWeb = page.sections.slice(1).flatMap(linksOf);
    expect(onTheWeb).toHaveLength(asWritten.length);
    asWritten.forEach((href, i) => {
      const shown = onTheWeb[i]!;
      if (href.startsWith('/')) {
        const url = new URL(shown, config.site.url);
        const own = new URL(href, config.site.url);
        expect(url.pathname, shown).toBe(own.pathname);
        expect(url.hash, shown).toBe(own.hash);
        expect(url.searchParams.get('utm_source'), shown).toBe('newsletter');
        expect(url.searchParams.get('utm_campaign'), shown).toBe(SLUG);
        // Its own parameters stay, but a utm_source or utm_campaign of its own, which the campaign replaces.
        for (const [k, v] of own.searchParams) if (k !== 'utm_source' && k !== 'utm_campaign') expect(url.searchParams.get(k), shown).toBe(v);
        expect(shown.endsWith(`${campaignQuery(SLUG)}${own.hash}`), shown).toBe(true);
      } else expect(shown, 'a #section of the page, another site or mail stays as written').toBe(href);
    });
    // The fixture has each kind of link, so every branch above ran.
    expect(asWritten.some((h) => h.includes('?') && h.includes('#') && h.startsWith('/'))).toBe(true);
    expect(asWritten.some((h) => h.startsWith('#'))).toBe(true);
    expect(asWritten.some((h) => h.startsWith('https://'))).toBe(true);
  });

  it('fills catalogue tokens from site.config.yaml, in its web version and its mail', () => {
    const price = money(config.products.find((p) => p.id === 'instagram')!.price);
    const mail = compiled.site!.mails!.find((m) => m.slug === SLUG)!;
    const cta = (sections: Block[]) => sections.find((s) => s.type === 'cta') as Extract<Block, { type: 'cta' }>;
    expect(cta(written.sections).text).toContain('{price:instagram}');
    expect(cta(mail.sections).text).toContain(price);
    expect(cta(compiled.site!.pages.find((p) => p.route === newsletterRoute(SLUG))!.sections).text).toContain(price);
  });

  it('is left out of a build while a draft or before its publishAt, as a page is, and shown in dev', () => {
    const draft = 'next-letter';
    const built = compiled.site!;
    expect(built.pages.map((p) => p.route)).not.toContain(newsletterRoute(draft));
    expect(built.mails!.map((m) => m.slug)).not.toContain(draft);
    expect(compiled.schedule!.drafts.map((d) => d.route)).toContain(newsletterRoute(draft));
    const dev = compileSite(site(), { includeUnpublished: true }).site!;
    expect(dev.pages.map((p) => p.route)).toContain(newsletterRoute(draft));
    expect(dev.mails!.map((m) => m.slug)).toContain(draft);

    const root = site();
    const later = withFiles(root, { 'newsletters/later.yaml': letter('  - type: paragraph\n    text: "Soon."\n', 'publishAt: "2031-01-01"\n') }, { asOf: new Date('2030-12-31T00:00:00Z') });
    expect(errorsOf(later.diagnostics)).toEqual([]);
    expect(later.site!.mails!.map((m) => m.slug)).not.toContain('later');
    expect(later.schedule!.nextPublishAt).toBe('2031-01-01T00:00:00.000Z');
    expect(compileSite(root, { asOf: new Date('2031-01-02T00:00:00Z') }).site!.mails!.map((m) => m.slug)).toContain('later');
  });

  it('refuses DRAFT: copy once it is no draft, at the text', () => {
    const root = site();
    const text = readFileSync(join(root, 'newsletters/next-letter.yaml'), 'utf8').replace('draft: true\n', '');
    const r = withFiles(root, { 'newsletters/next-letter.yaml': text });
    const subjectLine = text.split('\n').findIndex((l) => l.startsWith('subject:')) + 1;
    expect(r.diagnostics.filter((d) => d.name === 'DraftCopy').map((d) => `${d.file}:${d.line}`)).toContain(`newsletters/next-letter.yaml:${subjectLine}`);
  });
});

describe("the list's own mails", () => {
  it('are compiled as mails with no web version', () => {
    const compiled = compileSite(site()).site!;
    for (const name of ['confirmation', 'welcome']) {
      const mail = compiled.mails!.find((m) => m.slug === name)!;
      expect(mail.kind).toBe(name);
      expect(mail.route).toBeUndefined();
      expect(compiled.pages.some((p) => p.file === mail.file)).toBe(false);
    }
  });

  it('fill in {{confirm_url}} in the confirmation and {{unsubscribe_url}} in the welcome mail, and nowhere else', () => {
    const cta = (href: string) => `  - type: cta\n    label: "Go"\n    href: "${href}"\n`;
    const placeholderErrors = (files: Record<string, string>) => withFiles(site(), files).diagnostics.filter((d) => d.name === 'MailPlaceholder').map((d) => d.file);
    expect(placeholderErrors({ 'newsletters/one.yaml': letter(cta('{{confirm_url}}')) })).toEqual(['newsletters/one.yaml']);
    expect(placeholderErrors({ 'newsletters/one.yaml': letter(cta('{{unsubscribe_url}}')) })).toEqual(['newsletters/one.yaml']);
    expect(placeholderErrors({ 'content/mail/confirmation.yaml': letter(`${cta('{{confirm_url}}')}${cta('{{unsubscribe_url}}')}`) })).toEqual(['content/mail/confirmation.yaml']);
    expect(placeholderErrors({ 'content/mail/welcome.yaml': letter(cta('{{confirm_url}}')) })).toEqual(['content/mail/welcome.yaml']);
    expect(placeholderErrors({ 'pages/about.yaml': `title: "About"\ndescription: "x"\nsections:\n${cta('{{unsubscribe_url}}')}` })).toEqual(['pages/about.yaml']);
    expect(placeholderErrors({ 'content/mail/confirmation.yaml': letter(cta('{{confirm_url}}')), 'content/mail/welcome.yaml': letter('  - type: paragraph\n    text: "[Leave]({{unsubscribe_url}})"\n') })).toEqual([]);
  });

  it('a confirmation without its Confirm link is an error at its sections', () => {
    const r = withFiles(site(), { 'content/mail/confirmation.yaml': letter('  - type: paragraph\n    text: "Please confirm."\n') });
    expect(errorsOf(r.diagnostics).map((d) => [d.name, d.file, d.line])).toEqual([['ConfirmationWithoutLink', 'content/mail/confirmation.yaml', 3]]);
  });
});

describe('validation of a newsletter', () => {
  it('locates each error at file:line:column, as a page', () => {
    const text = letter(`  - type: paragraph\n    text: "See [the plan](/no-such-page)."\n  - type: hero\n    headline: "Hi"\n  - type: cta\n    label: "Go"\n    href: "javascript:alert(1)"\n  - type: paragraph\n    text: "[click](javascript:alert(1))"\n`);
    const r = withFiles(site(), { 'newsletters/broken.yaml': text });
    const at = (needle: string, skip = 0) => {
      const line = text.split('\n').findIndex((l) => l.includes(needle));
      return `newsletters/broken.yaml:${line + 1}:${text.split('\n')[line]!.indexOf(needle) + 1 + skip}`;
    };
    const found = errorsOf(r.diagnostics).map((d) => `${d.file}:${d.line}:${d.column} ${d.name}`);
    // The schema's errors first (the block a mail cannot show, the unsafe button), then, once valid, the links'.
    expect(found).toEqual(expect.arrayContaining([`${at('hero')} BlockNotInMail`, `${at('"javascript')} PatternMismatch`]));
    const fixed = text.replace('  - type: hero\n    headline: "Hi"\n', '').replace('href: "javascript:alert(1)"', 'href: "/about"');
    const again = errorsOf(withFiles(site(), { 'newsletters/broken.yaml': fixed }).diagnostics).map((d) => `${d.file}:${d.line}:${d.column} ${d.name}`);
    const atFixed = (needle: string) => {
      const line = fixed.split('\n').findIndex((l) => l.includes(needle));
      return `newsletters/broken.yaml:${line + 1}:${fixed.split('\n')[line]!.indexOf(needle) + 1}`;
    };
    expect(again).toEqual([`${atFixed('/no-such-page')} BrokenLink`, `${atFixed('javascript:alert(1))')} UnsafeLink`]);
  });

  it('names the blocks a mail holds when given another', () => {
    const r = withFiles(site(), { 'newsletters/one.yaml': letter('  - type: faq\n    items: [{ question: "q", answer: "a" }]\n') });
    const d = r.diagnostics.find((x) => x.name === 'BlockNotInMail')!;
    expect(d.message).toContain('"faq"');
    for (const type of ['heading', 'paragraph', 'markdown', 'list', 'cta', 'callout', 'quote', 'image']) expect(d.message).toContain(type);
  });

  it('refuses an image mail programs cannot show, and a newsletter named as a list mail', () => {
    const r = withFiles(site(), { 'newsletters/welcome.yaml': letter('  - type: image\n    image: { src: "/images/letter.svg", alt: "A", width: 10, height: 10 }\n') });
    expect(errorsOf(r.diagnostics).map((d) => d.name)).toEqual(expect.arrayContaining(['NewsletterName', 'MailImage']));
  });

  it('fails `npm run validate` with the located report, and passes once fixed', () => {
    const dir = copyProject('newsletter-validate-', 'newsletter-site');
    roots.push(dir);
    const run = () => spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/validate.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_STANDIN: '1' } });
    writeFileSync(join(dir, 'newsletters/broken.yaml'), letter('  - type: paragraph\n    text: "See [the plan](/no-such-page)."\n'));
    const bad = run();
    expect(bad.status, bad.stdout + bad.stderr).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/newsletters\/broken\.yaml:5:\d+ sections\[0\]\.text: link \/no-such-page goes to no page/);
    writeFileSync(join(dir, 'newsletters/broken.yaml'), letter('  - type: paragraph\n    text: "See [the team](/about#team)."\n'));
    const good = run();
    expect(good.status, good.stdout + good.stderr).toBe(0);
  });
});
