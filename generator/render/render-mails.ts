// Part of step 5, before anything is written: each published newsletter and each of the list's own
// mails (compiled.mails) rendered for the sender as dist/newsletters/<slug>/mail.json, {subject,
// preheader, html, text} (model/newsletter.ts; the contract is model/list/README.md). A mail's HTML
// over Gmail's limit is the build's error, located at its file, so no clipped mail is ever sent.
//
// Each mail is kept in the build cache under a key of its definition, the sender's name and addresses,
// and the digest of the mail renderer's code (runtime/mail/render-mail.tsx and all it imports): a
// build whose mails did not change never loads React on the main thread for them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailFile, MAIL_HTML_LIMIT, measuredBytes, type MailDefinition, type MailFile, type MailSender } from '../../model/newsletter.ts';
import type { CompiledSite } from '../../model/page.ts';
import { diagnostic, type Diagnostic } from '../core/errors.ts';
import { hashOf } from '../store/hash.ts';
import type { CacheAccess } from '../store/store.ts';

export interface MailsRendered {
  /** Each mail's file, relative to the output folder, and its text. */
  files: [string, string][];
  /** A mail over the limit, at its file. */
  diagnostics: Diagnostic[];
  /** Each mail's HTML as sent, in bytes (measuredBytes), by slug: `npm run bench` prints them. */
  bytes: Record<string, number>;
}

/** What the foot of every mail names, from the site config. */
export function mailSender(compiled: CompiledSite): MailSender {
  const { name, url, postalAddress } = compiled.site.site;
  return { name, url, ...(postalAddress ? { postalAddress } : {}) };
}

/** Renders (or takes from the store's `cacheDir`, when it may `reuse`) every mail of the compiled site. */
export async function renderMails(compiled: CompiledSite, { cacheDir, reuse, stats, code: tool }: CacheAccess): Promise<MailsRendered> {
  const sender = mailSender(compiled);
  const code = tool.codeDigest(new URL('../../runtime/mail/render-mail.tsx', import.meta.url));
  const out: MailsRendered = { files: [], diagnostics: [], bytes: {} };
  let render: ((mail: MailDefinition, sender: MailSender) => MailFile) | undefined;
  for (const mail of compiled.mails ?? []) {
    const key = hashOf(code, JSON.stringify(sender), JSON.stringify(mail));
    const cached = join(cacheDir, 'mails', `${mail.slug}.json`);
    let file = reuse ? cachedMail(cached, key) : undefined;
    if (file) stats.reused('mails');
    else {
      stats.recomputed('mails');
      render ??= (await import('../../runtime/render/render-page.tsx')).renderMail;
      file = render(mail, sender);
      mkdirSync(join(cacheDir, 'mails'), { recursive: true });
      writeFileSync(cached, JSON.stringify({ key, file }));
    }
    const bytes = measuredBytes(file.html, sender.url);
    out.bytes[mail.slug] = bytes;
    if (bytes > MAIL_HTML_LIMIT) out.diagnostics.push(diagnostic('MailTooLarge', { file: mail.file, line: 1, column: 1, path: '' }, bytes, MAIL_HTML_LIMIT));
    out.files.push([mailFile(mail.slug), `${JSON.stringify(file, null, 2)}\n`]);
  }
  return out;
}

function cachedMail(path: string, key: string): MailFile | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const entry = JSON.parse(readFileSync(path, 'utf8')) as { key?: string; file?: MailFile };
    return entry.key === key ? entry.file : undefined;
  } catch {
    return undefined; // A torn write: made again.
  }
}
