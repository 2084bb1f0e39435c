// The mail `npm start` caught, read through the catcher's Mailpit API (supabase/local/mail-catcher.ts) on
// the MAIL_PORT playwright.config.ts gives the server: what a person would find in their inbox.
import { expect } from '@playwright/test';
import { E2E_PORT } from '../ports.ts';

export const MAIL_API = `http://127.0.0.1:${E2E_PORT + 10}/api/v1`;

export interface MailSummary {
  ID: string;
  MessageID: string;
  Subject: string;
  To: { Name: string; Address: string }[];
}

export interface Mail extends MailSummary {
  Text: string;
  HTML: string;
}

async function json<T>(path: string): Promise<T> {
  const res = await fetch(`${MAIL_API}${path}`);
  if (!res.ok) throw new Error(`${MAIL_API}${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Every message caught for `address`, newest first. */
export async function mailsTo(address: string): Promise<MailSummary[]> {
  const out: MailSummary[] = [];
  for (let start = 0; ; start += 200) {
    const page = await json<{ messages: MailSummary[]; total: number }>(`/messages?start=${start}&limit=200`);
    out.push(...page.messages.filter((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase())));
    if (page.messages.length < 200) return out;
  }
}

/** Waits for the message to `address` whose subject is `subject`, and reads it whole. */
export async function waitForMail(address: string, subject: string, timeout = 20_000): Promise<Mail> {
  let found: MailSummary | undefined;
  await expect.poll(async () => (found = (await mailsTo(address)).find((m) => m.Subject === subject)) !== undefined, { timeout, message: `a mail "${subject}" to ${address}` }).toBe(true);
  return json<Mail>(`/message/${found!.ID}`);
}

/** A message's headers, by canonical name, each a list of values. */
export const mailHeaders = (id: string) => json<Record<string, string[]>>(`/message/${id}/headers`);

/** The first address in the text that starts with `prefix` (a link the mail carries). */
export function linkIn(text: string, prefix: RegExp): string {
  const match = new RegExp(`${prefix.source}[^\\s)>"]*`).exec(text);
  if (!match) throw new Error(`no link matching ${prefix} in:\n${text}`);
  return match[0];
}
