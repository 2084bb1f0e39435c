// A mail (a newsletter or one of the list's own mails) rendered for the sender: its HTML through the
// mail version of each block (registry.tsx) and its plain text from the same sections (text.ts).
//
// Why small table components of our own, rendered by react-dom/server, rather than React Email or
// MJML: a mail here is eight kinds of block in one column, which a few tables and inline styles lay
// out as those tools do (a 600 px card, bulletproof buttons, a hidden preheader); the project's React
// already renders and escapes them; and @react-email/render would bring prettier and html-to-text into
// the build for a plain text we make from the sections themselves. Every text is a React child or
// attribute, so React escapes it; nothing is ever set as raw HTML.
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailDefinition, MailFile, MailSender } from '../../model/newsletter.ts';
import { MailDocument } from './layout.tsx';
import { MailProvider } from './mail-context.tsx';
import { RenderMailBlock } from './registry.tsx';
import { mailText } from './text.ts';

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n';

export function renderMail(mail: MailDefinition, sender: MailSender): MailFile {
  const html = renderToStaticMarkup(
    <MailProvider value={{ mail, sender }}>
      <MailDocument>
        {mail.sections.map((block, i) => <RenderMailBlock key={i} block={block} />)}
      </MailDocument>
    </MailProvider>,
  );
  return { subject: mail.subject, preheader: mail.preheader, html: `${DOCTYPE}${html}\n`, text: mailText(mail, sender) };
}
