// A mail's whole document, as React Email and MJML lay one out: a centred 600 px card of tables on a
// tinted page, inline styles only, a hidden preheader first (what an inbox shows after the subject),
// the site's name on top, the blocks, and the foot: why this mail came, the way out ({{unsubscribe_url}},
// not in the confirmation, which goes to an address not on the list yet), the web version of a
// newsletter, and the sender's name, address and postal address. No image or script counts an open,
// and every link goes straight to where it says.
import type { CSSProperties, ReactNode } from 'react';
import { hasUnsubscribe, mailHref, UNSUBSCRIBE_URL } from '../../model/newsletter.ts';
import { useMail } from './mail-context.tsx';
import { CARD_PADDING, CARD_WIDTH, COLOR, FONT, LAYOUT, link, small } from './styles.ts';

/** Characters after the preheader, so an inbox's preview stops there instead of reading on into the body. */
const PREVIEW_FILL = '\u00a0\u200c'.repeat(80);

export function MailDocument({ children }: { children: ReactNode }) {
  const { mail, sender } = useMail();
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{mail.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: COLOR.page }}>
        <div style={{ display: 'none', overflow: 'hidden', lineHeight: '1px', maxHeight: 0, maxWidth: 0, opacity: 0, msoHide: 'all' } as CSSProperties}>
          {mail.preheader}
          {PREVIEW_FILL}
        </div>
        <table {...LAYOUT} style={{ backgroundColor: COLOR.page }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" cellPadding={0} cellSpacing={0} border={0} width={CARD_WIDTH} style={{ width: '100%', maxWidth: CARD_WIDTH }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '0 8px 16px', fontFamily: FONT, fontSize: 18, fontWeight: 800 }}>
                        <a href={mailHref('/', mail, sender.url)} style={{ color: COLOR.link, textDecoration: 'none' }}>{sender.name}</a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ backgroundColor: COLOR.card, borderRadius: 16, padding: `${CARD_PADDING}px` }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: `24px ${CARD_PADDING}px 0` }}>
                        <MailFoot />
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function MailFoot() {
  const { mail, sender } = useMail();
  const host = sender.url.replace(/^https:\/\//, '').replace(/\/$/, '');
  const home = mailHref('/', mail, sender.url);
  return (
    <>
      {hasUnsubscribe(mail.kind) ? (
        <p style={small}>
          You get this because you confirmed your address on <a href={home} style={{ ...link, fontWeight: 400, color: COLOR.muted }}>{host}</a>.{' '}
          <a href={UNSUBSCRIBE_URL} style={{ ...link, color: COLOR.muted }}>Unsubscribe</a> in one click.
        </p>
      ) : (
        <p style={small}>
          You get this because this address was given on <a href={home} style={{ ...link, fontWeight: 400, color: COLOR.muted }}>{host}</a>. It is not on any list unless you confirm.
        </p>
      )}
      {mail.route && (
        <p style={small}>
          <a href={mailHref(mail.route, mail, sender.url)} style={{ ...link, fontWeight: 400, color: COLOR.muted }}>Read this letter on the web</a>
        </p>
      )}
      <p style={small}>{[sender.name, sender.postalAddress].filter(Boolean).join(' · ')}</p>
    </>
  );
}
