// A mail's content is content, not code: the build renders newsletters/<slug>.yaml and
// content/mail/{confirmation,welcome}.yaml to dist/newsletters/<slug>/mail.json ({subject, preheader,
// html, text}), its links written with {{origin}} and the subscriber's own addresses as
// {{confirm_url}} and {{unsubscribe_url}}. The mailer fills them per mail; it never writes a word of
// a mail itself.

export interface MailContent {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

/** Reads a newsletter's (or the confirmation's, the welcome's) built mail by its slug. */
export type MailContentSource = (slug: string) => Promise<MailContent>;

/** No built mail for a slug: said where the owner looks (the terminal, the admin's answer). */
export class MailContentMissing extends Error {
  override name = 'MailContentMissing';
}

/** The placeholders the build writes, and what the mailer puts there. */
export interface MailFill {
  origin: string;
  confirm_url?: string;
  unsubscribe_url?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function fillText(text: string, fill: MailFill, escape: (s: string) => string): string {
  return text.replace(/\{\{(origin|confirm_url|unsubscribe_url)\}\}/g, (whole, name: keyof MailFill) => {
    const value = fill[name];
    return value === undefined ? whole : escape(value);
  });
}

/** The mail with its placeholders filled: escaped in the HTML, as they are in the text. */
export function fillMail(content: MailContent, fill: MailFill): MailContent {
  return {
    subject: fillText(content.subject, fill, (s) => s),
    preheader: fillText(content.preheader, fill, (s) => s),
    html: fillText(content.html, fill, escapeHtml),
    text: fillText(content.text, fill, (s) => s),
  };
}

/** Checks a parsed mail.json; `where` names it in the error. */
export function readMailContent(value: unknown, where: string): MailContent {
  const v = value as Partial<Record<keyof MailContent, unknown>> | null;
  for (const key of ['subject', 'html', 'text'] as const) {
    if (typeof v?.[key] !== 'string' || v[key] === '') throw new MailContentMissing(`${where} has no ${key}: rebuild the site (npm run build)`);
  }
  return { subject: v!.subject as string, preheader: typeof v!.preheader === 'string' ? v!.preheader : '', html: v!.html as string, text: v!.text as string };
}

/**
 * A hosted project's mails, read from the deployed site (site.url/newsletters/<slug>/mail.json): the
 * Edge Functions have no dist/ of their own, and the build that deployed the pages wrote them.
 */
export function siteMailContent(siteUrl: string): MailContentSource {
  return async (slug) => {
    const where = `${siteUrl.replace(/\/+$/, '')}/newsletters/${encodeURIComponent(slug)}/mail.json`;
    let response: Response;
    try {
      response = await fetch(where, { headers: { accept: 'application/json' } });
    } catch (e) {
      throw new MailContentMissing(`${where} could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!response.ok) throw new MailContentMissing(`${where} answered ${response.status}: is the newsletter published, and the site deployed from a build that has it?`);
    return readMailContent(await response.json().catch(() => undefined), where);
  };
}
