// The catcher's inbox pages (mail-catcher.ts): the list of caught mails at /, and one mail at
// /view/<ID> with its HTML, its text and its headers, so the owner reads what the site sent without
// any other program. No script anywhere: a mail's HTML is shown in an iframe from srcdoc, sandboxed
// without allow-scripts, and its links open in a new tab (allow-popups) rather than inside the frame.
import type { Message, MessageSummary, MailAddress } from './mail-store.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const who = (a: MailAddress | null) => (a ? (a.Name ? `${a.Name} <${a.Address}>` : a.Address) : '');

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem; color: #1a1a1a; }
  h1 { font-size: 1.3rem; } h2 { font-size: 1.05rem; margin-top: 1.5rem; }
  table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  th { font-weight: 600; } td.when { white-space: nowrap; color: #555; } .snippet { color: #555; font-size: .9em; }
  a { color: #0b57d0; } pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: .75rem; }
  iframe { width: 100%; height: 70vh; border: 1px solid #ccc; background: #fff; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } dt { font-weight: 600; } dd { margin: 0; word-break: break-word; }
  @media (max-width: 40rem) { td.when, .snippet { display: none; } }
`;

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}<title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function inboxPage(messages: MessageSummary[], duplicates: number, smtp: string): string {
  const rows = messages
    .map(
      (m) => `<tr><td class="when">${escape(new Date(m.Created).toLocaleString('en-GB'))}</td><td>${escape(m.To.map(who).join(', '))}</td>
<td><a href="/view/${encodeURIComponent(m.ID)}">${m.Read ? '' : '<strong>'}${escape(m.Subject || '(no subject)')}${m.Read ? '' : '</strong>'}</a><div class="snippet">${escape(m.Snippet.slice(0, 140))}</div></td></tr>`,
    )
    .join('\n');
  const repeats = duplicates ? ` ${duplicates} sent again with a Message-ID already here, and not kept twice.` : '';
  return page(
    `Local mail (${messages.length})`,
    `<h1>Mail the site sent, caught locally</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'}; nothing here left this machine.${repeats} SMTP on ${escape(smtp)}; Mailpit's API at <a href="/api/v1/messages">/api/v1/messages</a>. This page reloads every 5 seconds.</p>
${messages.length ? `<table><thead><tr><th class="when">Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet.</p>'}`,
    true,
  );
}

export function messagePage(m: Message, headers: Record<string, string[]>): string {
  // The mail's own links open in a new tab: inside the sandbox they could not leave the frame.
  const html = m.HTML ? `<base target="_blank">${m.HTML}` : '';
  const headerRows = Object.entries(headers)
    .flatMap(([name, values]) => values.map((v) => `<tr><th>${escape(name)}</th><td>${escape(v)}</td></tr>`))
    .join('\n');
  return page(
    m.Subject || '(no subject)',
    `<p><a href="/">← All mail</a></p>
<h1>${escape(m.Subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escape(who(m.From))}</dd><dt>To</dt><dd>${escape(m.To.map(who).join(', '))}</dd>
<dt>Date</dt><dd>${escape(m.Date)}</dd>${m.ListUnsubscribe.Header ? `<dt>Unsubscribe</dt><dd>${escape(m.ListUnsubscribe.Header)}${m.ListUnsubscribe.HeaderPost ? ` (${escape(m.ListUnsubscribe.HeaderPost)})` : ''}</dd>` : ''}</dl>
<h2>HTML</h2>
${html ? `<iframe title="The mail's HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(html)}"></iframe>` : '<p>This mail has no HTML part.</p>'}
<h2>Text</h2>
${m.Text ? `<pre>${escape(m.Text)}</pre>` : '<p>This mail has no text part.</p>'}
<h2>Headers</h2>
<table><tbody>${headerRows}</tbody></table>
<p><a href="/api/v1/message/${encodeURIComponent(m.ID)}/raw">Source</a></p>`,
  );
}
