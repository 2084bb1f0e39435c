// Newsletters and the list's two mails as the generator compiles them and the runtime renders them
// (issue 51; the contract is model/list/README.md). A newsletter is newsletters/<slug>.yaml, the
// confirmation and welcome mails content/mail/<name>.yaml, all in schemas/newsletter.schema.json's form.
// Here: where they live, the names of the addresses the sender fills in, and how a link to the site
// is tagged for the campaign, the one rule the web version and the mail both follow.
import { isSafeHref } from './href.ts';
import type { Block } from './schema.generated.ts';

export const NEWSLETTERS_DIR = 'newsletters';
export const MAIL_DIR = 'content/mail';
/** The mails the list sends by itself, each content/mail/<name>.yaml; a newsletter may not take their names. */
export const LIST_MAILS = ['confirmation', 'welcome'] as const;
export type ListMail = (typeof LIST_MAILS)[number];
export type MailKind = 'newsletter' | ListMail;

/** A file written in the newsletter's form: a newsletter or a list mail (the list mails by name; another file in content/mail/ is none). */
export function isMailFile(file: string): boolean {
  return file.startsWith(`${NEWSLETTERS_DIR}/`) || LIST_MAILS.some((name) => file === `${MAIL_DIR}/${name}.yaml`);
}

/** A newsletter's slug: its file's name, which is also its address and its campaign. */
export const NEWSLETTER_SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** The web version of a newsletter. */
export const newsletterRoute = (slug: string) => `/${NEWSLETTERS_DIR}/${slug}`;

/** The blocks a mail may hold (schemas/newsletter.schema.json lists the same; a test holds them together). */
export const MAIL_BLOCKS = ['heading', 'paragraph', 'markdown', 'list', 'cta', 'callout', 'quote', 'image'] as const;
export type MailBlockType = (typeof MAIL_BLOCKS)[number];
export type MailBlock = Extract<Block, { type: MailBlockType }>;

/**
 * The addresses the sender fills in per subscriber or per environment, written {{name}} in mail.json:
 * `origin` is site.url hosted and http://localhost:<PORT> locally; the others carry the subscriber's token.
 */
export const ORIGIN = '{{origin}}';
export const CONFIRM_URL = '{{confirm_url}}';
export const UNSUBSCRIBE_URL = '{{unsubscribe_url}}';

/** Which per-subscriber address a mail's own text may link to: the foot carries the unsubscribe link by itself. */
export const PLACEHOLDERS_IN_TEXT: Record<MailKind, readonly string[]> = {
  confirmation: [CONFIRM_URL],
  welcome: [UNSUBSCRIBE_URL],
  newsletter: [],
};

/** Whether a mail's foot offers the unsubscribe link: not the confirmation, which goes to an address not yet on the list. */
export const hasUnsubscribe = (kind: MailKind) => kind !== 'confirmation';

/** `{{name}}` as an address, or undefined. */
export function placeholderOf(href: string): string | undefined {
  return /^\{\{[a-z_]+\}\}$/.test(href) ? href : undefined;
}

/** One mail as compiled: tokens filled in, links as written (the renderer tags them). */
export interface MailDefinition {
  kind: MailKind;
  /** The newsletter's slug, or the list mail's name: its campaign and its folder in dist/newsletters/. */
  slug: string;
  /** Source file, project-relative. */
  file: string;
  subject: string;
  preheader: string;
  sections: MailBlock[];
  /** A newsletter's web version, where its #section links land. */
  route?: string;
}

/** What a mail's foot names: the site, its address, and the sender's postal address when given. */
export interface MailSender {
  name: string;
  url: string;
  postalAddress?: string;
}

/** What the build writes for the sender: dist/newsletters/<slug>/mail.json. */
export interface MailFile {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

export const mailFile = (slug: string) => `${NEWSLETTERS_DIR}/${slug}/mail.json`;

/**
 * Gmail clips a message whose HTML is over 102 KB, hiding the rest (the foot and its unsubscribe link
 * with it). Counted as 102,000 bytes, the lower reading, of the HTML with its addresses filled in as
 * the sender would (measuredBytes).
 */
export const MAIL_HTML_LIMIT = 102_000;

/** The HTML's bytes once sent: {{origin}} as the site's address, each subscriber's address as long as a real one. */
export function measuredBytes(html: string, siteUrl: string): number {
  const origin = siteUrl.replace(/\/$/, '');
  // A token is 43 characters of base64url (model/list/README.md).
  const personal = `${origin}/newsletter/unsubscribe?t=${'x'.repeat(43)}`;
  return new TextEncoder().encode(html.replaceAll(ORIGIN, origin).replaceAll(CONFIRM_URL, personal).replaceAll(UNSUBSCRIBE_URL, personal)).length;
}

/** The campaign's query: what the cookie-free analytics and the verified sales attribute a visit by. */
export const campaignQuery = (campaign: string) => `utm_source=newsletter&utm_campaign=${encodeURIComponent(campaign)}`;

/**
 * A path on the site with the campaign's tags: its own query kept as written (but a utm_source or
 * utm_campaign of its own, which the campaign replaces), the #hash after them.
 */
export function tagPath(path: string, campaign: string): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const beforeHash = hashAt < 0 ? path : path.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const own = queryAt < 0 ? [] : beforeHash.slice(queryAt + 1).split('&').filter((p) => p && !/^utm_(source|campaign)(=|$)/.test(p));
  return `${base}?${[...own, campaignQuery(campaign)].join('&')}${hash}`;
}

/** The path of an address to this site (a /path, or the site's own https address), else undefined. */
export function sitePath(href: string, siteUrl: string): string | undefined {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  const base = siteUrl.replace(/\/$/, '');
  if (href === base) return '/';
  if (href.startsWith(`${base}/`) || href.startsWith(`${base}?`) || href.startsWith(`${base}#`)) return href.slice(base.length).replace(/^(?=[?#])/, '/');
  return undefined;
}

/** A link of a newsletter's web version: to the site, tagged; a #section of the page, other sites and mail as written. */
export function webHref(href: string, campaign: string, siteUrl: string): string {
  const path = sitePath(href, siteUrl);
  return path === undefined ? href : tagPath(path, campaign);
}

/**
 * A link of a mail: to the site, absolute on {{origin}} and tagged; a #section to the web version's
 * section; a subscriber's own address, other sites and mail as written.
 */
export function mailHref(href: string, mail: Pick<MailDefinition, 'slug' | 'route'>, siteUrl: string): string {
  if (href.startsWith('#')) return mail.route ? `${ORIGIN}${tagPath(`${mail.route}${href}`, mail.slug)}` : href;
  const path = sitePath(href, siteUrl);
  return path === undefined ? href : `${ORIGIN}${tagPath(path, mail.slug)}`;
}

/**
 * mailHref for an address a reader may be sent to (model/href.ts) or their own ({{…}}); undefined for
 * any other, whose words a mail shows unlinked (validation refuses it first).
 */
export function mailLink(href: string, mail: Pick<MailDefinition, 'slug' | 'route'>, siteUrl: string): string | undefined {
  return isSafeHref(href) || placeholderOf(href) ? mailHref(href, mail, siteUrl) : undefined;
}

/** Whether a block may go in a mail. */
export const isMailBlock = (block: Block): block is MailBlock => (MAIL_BLOCKS as readonly string[]).includes(block.type);
