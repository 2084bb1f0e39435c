// The local mail catcher (supabase/local/mail-catcher.ts): a mail sent with nodemailer over SMTP is read
// back through Mailpit's API and shown on the inbox page; a second mail with the same Message-ID is
// accepted and not kept twice; kept in a folder, the mails outlive the catcher.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../supabase/local/mail-catcher.ts';

const open: MailCatcher[] = [];
const start = async (dir?: string) => {
  const c = await startMailCatcher({ httpPort: 0, smtpPort: 0, dir });
  open.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

async function send(catcher: MailCatcher, mail: SendMailOptions) {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  try {
    return await transport.sendMail({ from: 'Detox Guides <hello@example.com>', to: 'reader@example.net', ...mail });
  } finally {
    transport.close();
  }
}

const api = async <T>(catcher: MailCatcher, path: string, init?: RequestInit) => {
  const r = await fetch(`${catcher.url}${path}`, init);
  return { status: r.status, body: (r.headers.get('content-type')?.startsWith('application/json') ? await r.json() : await r.text()) as T };
};

interface Summary {
  total: number;
  messages_count: number;
  messages: { ID: string; MessageID: string; Subject: string; To: { Address: string }[]; From: { Name: string; Address: string }; Snippet: string; Read: boolean }[];
  duplicates: number;
}

describe('the mail catcher', () => {
  it('keeps a mail sent by SMTP and gives it back through Mailpit\'s API: list, message, headers', async () => {
    const catcher = await start();
    await send(catcher, {
      subject: 'Confirm your address ✓',
      text: 'Press the button: http://localhost:4173/newsletter/confirm?t=abc',
      html: '<p>Press <a href="http://localhost:4173/newsletter/confirm?t=abc">the button</a></p>',
      messageId: '<confirm-0123abcd@list.example>',
      headers: { 'List-Unsubscribe': '<https://x.example/u?t=1>, <mailto:leave@example.com>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const list = await api<Summary>(catcher, '/api/v1/messages');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const [m] = list.body.messages;
    expect(m).toMatchObject({ MessageID: 'confirm-0123abcd@list.example', Subject: 'Confirm your address ✓', From: { Name: 'Detox Guides', Address: 'hello@example.com' }, To: [{ Address: 'reader@example.net' }], Read: false });
    expect(m!.Snippet).toContain('Press the button');

    const one = await api<{ HTML: string; Text: string; ListUnsubscribe: { Links: string[]; HeaderPost: string } }>(catcher, `/api/v1/message/${m!.ID}`);
    expect(one.body.HTML).toContain('href="http://localhost:4173/newsletter/confirm?t=abc"');
    expect(one.body.Text).toContain('newsletter/confirm?t=abc');
    expect(one.body.ListUnsubscribe).toMatchObject({ Links: ['https://x.example/u?t=1', 'mailto:leave@example.com'], HeaderPost: 'List-Unsubscribe=One-Click' });

    const headers = await api<Record<string, string[]>>(catcher, `/api/v1/message/latest/headers`);
    expect(headers.body['Message-Id']).toEqual(['<confirm-0123abcd@list.example>']);
    expect(headers.body['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    expect((await api<Summary>(catcher, '/api/v1/messages')).body.messages[0]!.Read).toBe(true);
    expect((await api(catcher, '/api/v1/message/nothing-here')).status).toBe(404);
  });

  it('keeps one mail per Message-ID and counts the repeats it refused', async () => {
    const catcher = await start();
    for (let i = 0; i < 3; i++) await send(catcher, { subject: `try ${i}`, text: 'once', messageId: '<delivery-42@list.example>' });
    await send(catcher, { subject: 'another', text: 'other', messageId: '<delivery-43@list.example>' });
    const list = (await api<Summary>(catcher, '/api/v1/messages')).body;
    expect(list.messages.map((m) => m.Subject)).toEqual(['another', 'try 0']);
    expect(list.duplicates).toBe(2);
  });

  it('shows the inbox page: each mail listed and readable, its HTML in a frame that runs no script', async () => {
    const catcher = await start();
    await send(catcher, { subject: 'Hello <reader>', html: '<p>Hi<script>alert(1)</script></p>', text: 'Hi' });
    const inbox = await api<string>(catcher, '/');
    expect(inbox.body).toContain('Hello &#60;reader&#62;');
    const id = (await api<Summary>(catcher, '/api/v1/messages')).body.messages[0]!.ID;
    const view = await fetch(`${catcher.url}/view/${id}`);
    const html = await view.text();
    expect(html).toMatch(/<iframe[^>]+sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]+srcdoc="[^"]*&#60;script&#62;/);
    expect(html).not.toContain('<script>');
    expect(view.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers only requests addressed to a loopback name', async () => {
    const catcher = await start();
    const port = new URL(catcher.url).port;
    const { request } = await import('node:http');
    const status = await new Promise<number>((done, fail) =>
      request({ host: '127.0.0.1', port, path: '/api/v1/messages', headers: { host: `attacker.example:${port}` } }, (r) => (r.resume(), done(r.statusCode!))).on('error', fail).end(),
    );
    expect(status).toBe(421);
  });

  it('deletes every mail on DELETE /api/v1/messages, or those named', async () => {
    const catcher = await start();
    await send(catcher, { subject: 'one', text: '1' });
    await send(catcher, { subject: 'two', text: '2' });
    const [two] = (await api<Summary>(catcher, '/api/v1/messages')).body.messages;
    await api(catcher, '/api/v1/messages', { method: 'DELETE', body: JSON.stringify({ IDs: [two!.ID] }) });
    expect((await api<Summary>(catcher, '/api/v1/messages')).body.messages.map((m) => m.Subject)).toEqual(['one']);
    await api(catcher, '/api/v1/messages', { method: 'DELETE' });
    expect((await api<Summary>(catcher, '/api/v1/messages')).body.total).toBe(0);
  });

  it('kept in a folder, still holds its mails after a restart, and still refuses their Message-IDs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-catcher-'));
    folders.push(dir);
    const first = await start(dir);
    await send(first, { subject: 'kept', text: 'kept', messageId: '<delivery-7@list.example>' });
    await send(first, { subject: 'deleted', text: 'deleted', messageId: '<delivery-8@list.example>' });
    const deleted = (await api<Summary>(first, '/api/v1/messages')).body.messages.find((m) => m.Subject === 'deleted')!;
    await api(first, '/api/v1/messages', { method: 'DELETE', body: JSON.stringify({ IDs: [deleted.ID] }) });
    await first.close();
    open.splice(open.indexOf(first), 1);
    const second = await start(dir);
    await send(second, { subject: 'kept again', text: 'again', messageId: '<delivery-7@list.example>' });
    await send(second, { subject: 'after the restart', text: 'new text', messageId: '<delivery-9@list.example>' });
    const list = (await api<Summary>(second, '/api/v1/messages')).body;
    expect(list.messages.map((m) => m.Subject)).toEqual(['after the restart', 'kept']);
    expect(list.duplicates).toBe(1);
    const text = async (id: string) => (await api<{ Text: string }>(second, `/api/v1/message/${id}`)).body.Text;
    expect(await text(list.messages[1]!.ID)).toContain('kept');
    expect(await text(list.messages[0]!.ID)).toContain('new text');
  });
});
