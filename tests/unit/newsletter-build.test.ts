// What the build writes for newsletters (issue 51), on the newsletter-site fixture: each published
// newsletter's web version, a page of the site with its header and footer, and its mail.json for the
// sender; the list's own mails as mail.json only; no draft. A rebuild takes unchanged mails from the
// cache and renders a changed one again. A mail over Gmail's limit stops the build before anything is
// written, at its file.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, ValidationError } from '../../generator/build.ts';
import { MAIL_HTML_LIMIT, mailFile, newsletterRoute, type MailFile } from '../../model/newsletter.ts';
import type { SiteConfig } from '../../model/page.ts';
import { copyProject } from './fixture.ts';

// A copy of the whole project with the fixture's content: the build runs Vite on the project's config.
const root = copyProject('newsletter-build-', 'newsletter-site');
const cacheDir = join(root, '.cache');
const outDir = join(root, 'dist');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as SiteConfig;
const newsletters = () => readdirSync(join(root, 'newsletters')).map((f) => ({ slug: f.replace(/\.yaml$/, ''), ...(parse(readFileSync(join(root, 'newsletters', f), 'utf8')) as { subject: string; draft?: boolean }) }));
const readMail = (slug: string) => JSON.parse(readFileSync(join(outDir, mailFile(slug)), 'utf8')) as MailFile;
const build = () => buildSite(root, { outDir, cacheDir, quiet: true, asOf: new Date('2030-01-01T00:00:00Z') });

describe('the build', { timeout: 240_000 }, () => {
  it("writes each published newsletter's web version and mail.json, the list's mails, and no draft", async () => {
    const r = await build();
    const published = newsletters().filter((n) => !n.draft);
    const drafts = newsletters().filter((n) => n.draft);
    expect(published.length).toBeGreaterThan(0);
    expect(drafts.length).toBeGreaterThan(0);
    for (const n of published) {
      const html = readFileSync(join(outDir, newsletterRoute(n.slug).slice(1), 'index.html'), 'utf8');
      expect(html).toContain(`<title>${n.subject} | ${config.site.name}</title>`);
      // The site's own page: its header, footer and the analytics the site's pages carry.
      expect(html).toMatch(/<header[\s>]/);
      expect(html).toMatch(/<footer[\s>]/);
      const mail = readMail(n.slug);
      expect(mail.subject).toBe(n.subject);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.text.length).toBeGreaterThan(0);
      expect(r.mailBytes[n.slug]).toBeGreaterThan(0);
      expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).toContain(`${newsletterRoute(n.slug)}</loc>`);
    }
    for (const n of drafts) expect(existsSync(join(outDir, 'newsletters', n.slug))).toBe(false);
    for (const name of ['confirmation', 'welcome']) {
      expect(readMail(name).subject).toBe((parse(readFileSync(join(root, 'content/mail', `${name}.yaml`), 'utf8')) as { subject: string }).subject);
      expect(existsSync(join(outDir, 'newsletters', name, 'index.html'))).toBe(false);
    }
  });

  it('takes unchanged mails from its cache and renders a changed one again', async () => {
    const again = await build();
    const count = Object.keys(again.mailBytes).length;
    expect(again.caches.mails).toEqual({ reused: count, recomputed: 0 });
    const [first] = newsletters().filter((n) => !n.draft);
    const file = join(root, 'newsletters', `${first!.slug}.yaml`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^subject: .*$/m, 'subject: "A subject changed"'));
    const changed = await build();
    expect(changed.caches.mails).toEqual({ reused: count - 1, recomputed: 1 });
    expect(readMail(first!.slug).subject).toBe('A subject changed');
  });

  it("stops at a mail over Gmail's limit, at its file, before writing anything", async () => {
    const prose = Array.from({ length: 1500 }, (_, i) => `      Paragraph ${i} holds a few plain words about putting the phone down.\n`).join('\n');
    writeFileSync(join(root, 'newsletters/long.yaml'), `subject: "Long"\npreheader: "Too long"\nsections:\n  - type: markdown\n    text: |\n${prose}`);
    const fresh = join(root, 'dist-long');
    const error = await buildSite(root, { outDir: fresh, cacheDir, quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const d = (error as ValidationError).diagnostics.find((x) => x.name === 'MailTooLarge')!;
    expect(d.file).toBe('newsletters/long.yaml');
    expect(d.message).toContain(MAIL_HTML_LIMIT.toLocaleString('en-US'));
    expect(existsSync(fresh)).toBe(false);
    rmSync(join(root, 'newsletters/long.yaml'));
  });
});
