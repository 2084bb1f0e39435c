// A newsletter's mail, as its reader gets it (issue 51): its HTML read in Chromium (what shows, where
// each link goes, what the page fetches), its plain text from the same sections, hostile text escaped
// and unsafe addresses never linked, and each link to the site absolute on {{origin}} with the
// campaign's tags. On the newsletter-site fixture; nothing here reads the live newsletters.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { mailSender } from '../../generator/render/render-mails.ts';
import { inlinePlain, parseInline, parseProse, prosePlain } from '../../model/markup.ts';
import { CONFIRM_URL, MAIL_BLOCKS, mailHref, ORIGIN, tagPath, UNSUBSCRIBE_URL, webHref, type MailBlock, type MailDefinition } from '../../model/newsletter.ts';
import type { CompiledSite } from '../../model/page.ts';
import { renderMail } from '../../runtime/render/render-page.tsx';
import { registry } from '../../runtime/registry.tsx';
import { mailRegistry } from '../../runtime/mail/registry.tsx';
import { fixtureSite, projectRoot } from './fixture.ts';

const SLUG = 'first-letter';
const root = fixtureSite('newsletter-site');
const compiled: CompiledSite = compileSite(root).site!;
const sender = mailSender(compiled);
const mailOf = (slug: string) => compiled.mails!.find((m) => m.slug === slug)!;
const letter = mailOf(SLUG);
const rendered = renderMail(letter, sender);
/** The address {{origin}} stands for when the reader's program opens the mail. */
const ORIGIN_URL = 'https://test.example';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions);
});
afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The mail opened as a reader's program would: every request it makes recorded (and refused: tests reach no network). */
async function open(html: string) {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  const requests: string[] = [];
  await page.route('**/*', (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  await page.setContent(html.replaceAll(ORIGIN, ORIGIN_URL), { waitUntil: 'load' });
  const shown = await page.evaluate(() => document.body.innerText);
  const links = await page.$$eval('a', (as) => as.map((a) => ({ text: (a as HTMLElement).innerText.trim(), href: a.getAttribute('href') ?? '' })));
  const scripts = await page.$$eval('script', (s) => s.length);
  await page.close();
  return { shown, links, requests, scripts };
}

/** The words a reader sees of one block. */
function wordsOf(block: MailBlock): string[] {
  switch (block.type) {
    case 'heading':
      return [block.text];
    case 'markdown':
      return prosePlain(parseProse(block.text)).split('\n').filter(Boolean);
    case 'list':
      return block.items.map((i) => inlinePlain(parseInline(i)));
    case 'image':
      return block.caption ? [inlinePlain(parseInline(block.caption))] : [];
    case 'cta':
      return [block.title, block.text && inlinePlain(parseInline(block.text)), block.label].filter((x): x is string => !!x);
    case 'callout':
      return [inlinePlain(parseInline(block.text))];
    default:
      return [inlinePlain(parseInline(block.text))];
  }
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ');

describe('a newsletter in the mail', () => {
  it('shows every section, a hidden preheader, and a foot with the unsubscribe link and the sender', async () => {
    const { shown, links, scripts } = await open(rendered.html);
    for (const block of letter.sections) for (const words of wordsOf(block)) expect(squeeze(shown), `${block.type}: ${words}`).toContain(squeeze(words));
    expect(rendered.html).toContain(letter.preheader);
    expect(shown).not.toContain(letter.preheader);
    expect(links).toContainEqual({ text: 'Unsubscribe', href: UNSUBSCRIBE_URL });
    expect(links.find((l) => /on the web/.test(l.text))?.href).toBe(`${ORIGIN_URL}${tagPath(letter.route!, SLUG)}`);
    expect(shown).toContain(sender.postalAddress!);
    expect(scripts).toBe(0);
  });

  it('links to the site absolute, tagged for its campaign, and everywhere else as written: no redirect', async () => {
    const { links } = await open(rendered.html);
    const others = links.filter((l) => l.href !== UNSUBSCRIBE_URL);
    expect(others.length).toBeGreaterThan(3);
    for (const { href } of others) {
      if (href.startsWith(ORIGIN_URL)) {
        const url = new URL(href);
        expect(url.searchParams.get('utm_source'), href).toBe('newsletter');
        expect(url.searchParams.get('utm_campaign'), href).toBe(SLUG);
      } else expect(['https://example.org/study?x=1', 'mailto:hello@test.example'], href).toContain(href);
    }
    // The link written with its own query and #hash keeps both; the one with its own utm_source loses it.
    expect(others.map((l) => l.href)).toContain(`${ORIGIN_URL}/?ref=home&utm_source=newsletter&utm_campaign=${SLUG}#products`);
    expect(others.map((l) => l.href)).toContain(`${ORIGIN_URL}/?utm_source=newsletter&utm_campaign=${SLUG}#products`);
    // A #section of the letter opens its web version there.
    expect(others.map((l) => l.href)).toContain(`${ORIGIN_URL}${letter.route}?utm_source=newsletter&utm_campaign=${SLUG}#pause`);
  });

  it('fetches nothing but its own images: no pixel counts an open', async () => {
    const { requests } = await open(rendered.html);
    const images = letter.sections.flatMap((s) => (s.type === 'image' ? [`${ORIGIN_URL}${s.image.src}`] : []));
    expect(images.length).toBeGreaterThan(0);
    expect(requests.sort()).toEqual(images.sort());
  });

  it('is laid out with tables and inline styles only: no stylesheet, no class', () => {
    expect(rendered.html).toMatch(/<table role="presentation"/);
    expect(rendered.html).not.toMatch(/<style|<link|\sclass=/);
  });

  it('has a plain text with the same words, each link after its words, and the way out', () => {
    const { text } = rendered;
    // The words read as they are written once each link's address after them is set aside.
    const words = squeeze(text.replace(/ \([^\s()]+\)/g, ''));
    for (const block of letter.sections) for (const w of wordsOf(block)) expect(words).toContain(squeeze(w));
    expect(text).toContain(`the team (${mailHref('/about#team', letter, sender.url)})`);
    expect(text).toContain(`See the guide: ${mailHref('/?utm_source=old#products', letter, sender.url)}`);
    expect(text).toContain(UNSUBSCRIBE_URL);
    expect(text).toContain(sender.postalAddress!);
    expect(text).not.toMatch(/<[a-z]/);
    expect(rendered.subject).toBe(letter.subject);
    expect(rendered.preheader).toBe(letter.preheader);
  });
});

describe("the list's own mails", () => {
  it('the confirmation carries the Confirm link and the starter kit, and no unsubscribe link', async () => {
    const mail = renderMail(mailOf('confirmation'), sender);
    const { links } = await open(mail.html);
    expect(links.map((l) => l.href)).toContain(CONFIRM_URL);
    expect(links.some((l) => l.href.startsWith(`${ORIGIN_URL}/free-detox-starter-kit.pdf?`))).toBe(true);
    expect(mail.html).not.toContain(UNSUBSCRIBE_URL);
    expect(mail.text).toContain(CONFIRM_URL);
  });

  it('the welcome mail says how to leave, in its text and its foot', async () => {
    const mail = renderMail(mailOf('welcome'), sender);
    const { links } = await open(mail.html);
    expect(links.filter((l) => l.href === UNSUBSCRIBE_URL).map((l) => l.text)).toEqual(['unsubscribe', 'Unsubscribe']);
    expect(mail.text.split(UNSUBSCRIBE_URL)).toHaveLength(3);
  });
});

describe('hostile text', () => {
  const hostile: MailDefinition = {
    kind: 'newsletter',
    slug: 'x',
    file: 'newsletters/x.yaml',
    route: '/newsletters/x',
    subject: '</title><script>alert("subject")</script>',
    preheader: '"><img src=x onerror=alert(1)>',
    sections: [
      { type: 'paragraph', text: '<script>alert("x")</script> & "double" \'single\' [click](javascript:alert(1)) [data](data:text/html,hi)' },
      { type: 'heading', level: 2, text: '<b onclick="alert(1)">bold</b>' },
      { type: 'cta', label: 'Go "now"', href: 'javascript:alert(1)' },
      { type: 'image', image: { src: '/a.png" onerror="alert(1)', alt: '" onload="alert(1)', width: 10, height: 10 } },
    ],
  };
  const mail = renderMail(hostile, sender);

  it('is escaped in the HTML, and an unsafe address is never a link', async () => {
    expect(mail.html).not.toMatch(/<script|<b |<img src=x|javascript:|data:text/i);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;double&quot;');
    const { shown, links, scripts } = await open(mail.html);
    expect(shown).toContain('<script>alert("x")</script> & "double" \'single\' click data');
    expect(shown).toContain('<b onclick="alert(1)">bold</b>');
    expect(scripts).toBe(0);
    expect(links.filter((l) => l.text === 'click' || l.text === 'data' || l.text === 'Go "now"').map((l) => l.href)).toEqual(['']);
  });

  it('keeps its words in the plain text without the unsafe addresses', () => {
    expect(mail.text).toContain('<script>alert("x")</script> & "double" \'single\' click data');
    expect(mail.text).not.toMatch(/javascript:|data:text/);
  });
});

describe("tags on a link to the site (model/newsletter.ts)", () => {
  const site = 'https://test.example';
  const mail = { slug: 'spring-letter', route: '/newsletters/spring-letter' };
  it.each([
    ['/blog', `${ORIGIN}/blog?utm_source=newsletter&utm_campaign=spring-letter`],
    ['/blog?page=2&sort=new#top', `${ORIGIN}/blog?page=2&sort=new&utm_source=newsletter&utm_campaign=spring-letter#top`],
    ['/?utm_source=x&utm_medium=mail&utm_campaign=y', `${ORIGIN}/?utm_medium=mail&utm_source=newsletter&utm_campaign=spring-letter`],
    ['https://test.example/about', `${ORIGIN}/about?utm_source=newsletter&utm_campaign=spring-letter`],
    ['https://test.example', `${ORIGIN}/?utm_source=newsletter&utm_campaign=spring-letter`],
    ['#tips', `${ORIGIN}/newsletters/spring-letter?utm_source=newsletter&utm_campaign=spring-letter#tips`],
    ['https://test.example.evil/x', 'https://test.example.evil/x'],
    ['https://other.example/?a=1', 'https://other.example/?a=1'],
    ['mailto:hi@test.example', 'mailto:hi@test.example'],
    [UNSUBSCRIBE_URL, UNSUBSCRIBE_URL],
  ])('in a mail, %s is %s', (href, expected) => expect(mailHref(href, mail, site)).toBe(expected));

  it('on the web version, a link to the site is tagged but stays relative, and a #section stays on the page', () => {
    expect(webHref('/blog#top', 'spring-letter', site)).toBe('/blog?utm_source=newsletter&utm_campaign=spring-letter#top');
    expect(webHref('#tips', 'spring-letter', site)).toBe('#tips');
  });
});

describe('the mail blocks', () => {
  it('are the blocks the newsletter schema allows, each with a page component and a mail one', () => {
    const schema = JSON.parse(readFileSync(join(projectRoot, 'schemas/newsletter.schema.json'), 'utf8')) as { allOf: { properties: { sections: { items: { properties: { type: { enum: string[] } } } } } }[] };
    const allowed = schema.allOf[0]!.properties.sections.items.properties.type.enum;
    expect([...allowed].sort()).toEqual([...MAIL_BLOCKS].sort());
    expect(Object.keys(mailRegistry).sort()).toEqual([...MAIL_BLOCKS].sort());
    for (const type of MAIL_BLOCKS) expect(Object.keys(registry)).toContain(type);
    // The fixture's letter shows each of them.
    expect([...new Set(letter.sections.map((s) => s.type))].sort()).toEqual([...MAIL_BLOCKS].sort());
    expect(parse(readFileSync(join(root, `newsletters/${SLUG}.yaml`), 'utf8')).sections.length).toBe(letter.sections.length);
  });
});
