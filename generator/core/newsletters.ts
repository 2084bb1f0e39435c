// Newsletters and the list's own mails in the compile (issue 51). Each file was read and validated by
// read.ts like a page (schemas/newsletter.schema.json); here it is checked as a page is (its tokens
// filled from the catalogue, its publishAt read, no variants without an experiment) plus what only a
// mail needs (its name, images mail programs show, the confirmation's Confirm link), and made into its
// mail and, for a newsletter, its web version: a page at /newsletters/<slug> whose links to the site
// carry the campaign's tags. Its links, anchors, placeholders and catalogue mentions are checked with
// every page's by cross-check.ts, which reads the `mail` this gives the document.
import { inlineLinks, parseInline, parseProse, proseLinks } from '../../model/markup.ts';
import { CONFIRM_URL, LIST_MAILS, MAIL_DIR, NEWSLETTER_SLUG, NEWSLETTERS_DIR, newsletterRoute, webHref, type MailBlock, type MailDefinition, type MailKind } from '../../model/newsletter.ts';
import type { Block, PageDefinition, SiteConfig } from '../../model/page.ts';
import type { Newsletter } from '../../model/schema.generated.ts';
import type { CheckedDoc, DocumentFacts } from './documents.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { checkExperiment } from './experiments.ts';
import { readPublishAt } from './publication.ts';
import type { FieldAt } from './schema-errors.ts';
import type { SchemaSet } from './schemas.ts';
import { locate, locateIn, valueAt, withData, type PathSegment, type SourceFile } from './source.ts';
import { substituteTokens } from './tokens.ts';

/** A mail file as read: parsed and valid. */
export interface MailRead {
  source: SourceFile;
  fields: FieldAt[];
  facts?: DocumentFacts;
}

/** newsletters/<slug>.yaml is a newsletter; content/mail/<name>.yaml the list mail of that name. */
export function mailKindOf(file: string): MailKind {
  const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
  return file.startsWith(`${MAIL_DIR}/`) && (LIST_MAILS as readonly string[]).includes(name) ? (name as MailKind) : 'newsletter';
}

/** The slug a mail is known by: its file's path under newsletters/ without the extension, or the list mail's name. */
export function mailSlugOf(file: string): string {
  const kind = mailKindOf(file);
  return kind === 'newsletter' ? file.slice(NEWSLETTERS_DIR.length + 1).replace(/\.ya?ml$/, '') : kind;
}

/** The route a newsletter file's web version would have, valid or not (so a link to an invalid one is not called broken). */
export function mailRouteOf(file: string): string | undefined {
  return mailKindOf(file) === 'newsletter' ? newsletterRoute(mailSlugOf(file)) : undefined;
}

/** Image files every mail program shows. */
const MAIL_IMAGE = /\.(png|jpe?g|gif)$/i;

/**
 * Checks one mail file and makes its document: `site` is the catalogue its tokens are filled from (the
 * live one for a live newsletter).
 */
export function checkMail({ source, fields, facts }: MailRead, site: SiteConfig, schemas: SchemaSet, asOf: Date): { doc: CheckedDoc; raised: Diagnostic[] } {
  const raised: Diagnostic[] = [];
  const kind = mailKindOf(source.file);
  const slug = mailSlugOf(source.file);
  if (kind === 'newsletter' && (!NEWSLETTER_SLUG.test(slug) || (LIST_MAILS as readonly string[]).includes(slug))) {
    const taken = (LIST_MAILS as readonly string[]).includes(slug) ? `${slug} mail (${MAIL_DIR}/${slug}.yaml)` : undefined;
    raised.push(diagnostic('NewsletterName', { file: source.file, line: 1, column: 1, path: '' }, slug, taken));
  }
  const { data, errors } = substituteTokens(source.data, site);
  for (const e of errors) raised.push(e.at(locateIn(source, e.path, e.token, e.nth)));
  const substituted = withData(source, data);
  const written = data as Newsletter;
  const sections = written.sections as MailBlock[];
  raised.push(...checkExperiment(substituted, site, { section: schemas.validateSection, page: schemas.validatePage }, schemas.blockTypes, asOf));
  sections.forEach((s, i) => {
    if (s.type === 'image' && !MAIL_IMAGE.test(s.image.src)) raised.push(diagnostic('MailImage', locate(source, ['sections', i, 'image', 'src']), s.image.src));
  });
  if (kind === 'confirmation' && !linksOf(data, fields).includes(CONFIRM_URL)) raised.push(diagnostic('ConfirmationWithoutLink', locate(source, ['sections'], { key: true })));
  const mail: MailDefinition = { kind, slug, file: source.file, subject: written.subject, preheader: written.preheader, sections };
  const doc: CheckedDoc = { source: substituted, written: source.data, fields, facts, mail };
  if (kind === 'newsletter') {
    const { publishAt, error } = readPublishAt(source);
    if (error) raised.push(error);
    mail.route = newsletterRoute(slug);
    doc.page = webVersion(mail, written.draft, publishAt, fields, site.site.url);
  }
  return { doc, raised };
}

/**
 * A newsletter's web version: a page of the site with its subject as its title and its preheader
 * under it, then its sections, every link to the site tagged for its campaign.
 */
function webVersion(mail: MailDefinition, draft: boolean, publishAt: string | undefined, fields: readonly FieldAt[], siteUrl: string): PageDefinition {
  const tag = (href: string) => webHref(href, mail.slug, siteUrl);
  const sections = structuredClone(mail.sections) as Block[];
  for (const field of fields) {
    if (field.path[0] !== 'sections') continue;
    const at = field.path.slice(1);
    const value = valueAt(sections, at);
    if (typeof value !== 'string') continue;
    const tagged = field.kind === 'href' ? tag(value) : field.kind === 'inline' || field.kind === 'markdown' ? tagLinksInText(value, field.kind, tag) : value;
    if (tagged !== value) setAt(sections, at, tagged);
  }
  return {
    route: mail.route!,
    file: mail.file,
    title: mail.subject,
    description: mail.preheader,
    header: 'site',
    template: 'page',
    draft,
    publishAt,
    sections: [{ type: 'page-title', title: mail.subject, subtitle: mail.preheader, lastUpdated: false }, ...sections],
  };
}

/**
 * Inline or prose Markdown with each link's address replaced by `tag(address)`. markdown-it keeps an
 * address exactly as written (model/markup.ts), and a valid one holds no space, backslash or
 * parenthesis-free surprise, so each `](address` of a parsed link is found in the text as written.
 */
export function tagLinksInText(text: string, kind: 'inline' | 'markdown', tag: (href: string) => string): string {
  const links = new Set(kind === 'inline' ? inlineLinks(parseInline(text)) : proseLinks(parseProse(text)).map((l) => l.href));
  if (!links.size) return text;
  return text.replace(/\]\((\s*<?)([^\s<>()]*)/g, (whole, open: string, href: string) => (links.has(href) ? `](${open}${tag(href)}` : whole));
}

/** Every address a mail's fields link to, as written (placeholders included). */
function linksOf(data: unknown, fields: readonly FieldAt[]): string[] {
  return fields.flatMap((f) => {
    const value = valueAt(data, f.path);
    if (typeof value !== 'string') return [];
    if (f.kind === 'href') return [value];
    if (f.kind === 'inline') return inlineLinks(parseInline(value));
    if (f.kind === 'markdown') return proseLinks(parseProse(value)).map((l) => l.href);
    return [];
  });
}

function setAt(data: unknown, path: readonly PathSegment[], value: unknown): void {
  const parent = valueAt(data, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
}
