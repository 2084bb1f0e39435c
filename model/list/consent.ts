// The consent record's words (model/list/README.md): the privacy wording a capture form shows, defined
// once. The block renders this text and the capture sends this same text with the address, so what the
// database keeps as "the wording shown" is what the visitor read. Its version is what a subscriber's
// row records; the text is published once (public.publish_consent_wordings).

/** The line under every capture form (product spec: "Privacy line"). Change it here only: a new text is a
 * new version in every consent record made after the change, the old ones keep theirs. */
export const PRIVACY_WORDING = 'No spam, ever. Unsubscribe at any time. We respect your privacy.';

/** Every wording the site's forms show: the stand-in publishes them as it starts, and the admin app once
 * an admin reaches aal2 (a hosted project), so the list screen can show each version's text. */
export const SITE_WORDINGS: readonly string[] = [PRIVACY_WORDING];

/** The form a capture block is when it has no id of its own. */
export const DEFAULT_CAPTURE_FORM = 'email-capture';

/** What a capture sends beside the address: where it was given and what the visitor read there. */
export interface ConsentRecord {
  /** The page's path, e.g. `/blog/some-article`. */
  route: string;
  /** The form: the block's id, or `email-capture`. */
  form: string;
  /** The exact wording shown (PRIVACY_WORDING, as the block rendered it). */
  wording: string;
}

/** A wording's version: the first 16 hex digits of the sha256 of its UTF-8 text, as
 * public.publish_consent_wordings computes it (Web Crypto: browsers and Node alike). */
export async function wordingVersion(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 16);
}
