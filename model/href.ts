// The one rule for addresses a visitor may be sent to, shared by the link checker and the renderer.
// Its own module, so islands that render links ship this line and not the Markdown parser.

/**
 * The site's own paths, its sections, https and mail. Never a script or data address, plain http, a
 * protocol-relative //host, or a backslash (browsers read /\\host as //host), and no spaces or control
 * characters anywhere.
 */
const SAFE_HREF = /^(\/(?![/\\])|#|https:\/\/|mailto:)[^\\\s\x00-\x1f\x7f]*$/;

export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href);
}
