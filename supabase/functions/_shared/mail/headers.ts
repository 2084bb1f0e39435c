// The headers that make a newsletter a list's mail, as RFC 8058 and RFC 2369/2919 spell them, and as
// Gmail's and Yahoo's bulk-sender rules (2024) ask: one-click unsubscribe by POST to a per-delivery
// https address (the Edge Function newsletter-unsubscribe), a mailto: beside it for clients without
// one-click, and the list's id. Names and values exactly as the RFCs write them.

/** The list's domain, from site.config.yaml's site.url: list.<host>, e.g. list.digital-detox-guides.example. */
export function listDomain(siteUrl: string): string {
  return `list.${new URL(siteUrl).hostname}`;
}

/** List-Id (RFC 2919): the site's name as the phrase, the list's domain as the id. */
export function listId(siteName: string, siteUrl: string): string {
  // A phrase with characters outside RFC 5322's atext is quoted; quotes and backslashes in it escaped.
  const phrase = /^[\w !#$%&'*+/=?^`{|}~.-]*$/.test(siteName) ? siteName : `"${siteName.replace(/["\\]/g, '\\$&')}"`;
  return `${phrase} <${listDomain(siteUrl)}>`;
}

/** The Message-ID of a delivery's mail (without angle brackets): the same on every send of it, so a repeat is recognised. */
export const deliveryMessageId = (deliveryId: string | number, siteUrl: string) => `delivery-${deliveryId}@${listDomain(siteUrl)}`;

/**
 * The name of one confirmation request: the subscriber's id and when it was asked for (milliseconds),
 * the same on every send of it (a failed send tried again, a killed sender's claim taken again), so
 * the provider and the catcher recognise a repeat. Its Message-ID is this at the list's domain.
 */
export const confirmationKey = (subscriberId: string | number, dueAtMs: string | number) => `confirm-${subscriberId}-${dueAtMs}`;

/** The address of newsletter-unsubscribe for one delivery's token: what a mail client POSTs to (RFC 8058). */
export const oneClickUrl = (functionsUrl: string, token: string) => `${functionsUrl.replace(/\/+$/, '')}/newsletter-unsubscribe?t=${encodeURIComponent(token)}`;

export interface ListHeaderInput {
  /** The https address a one-click POST unsubscribes through (oneClickUrl). */
  oneClick: string;
  /** The address a client without one-click may write to, e.g. the sender's. */
  mailto: string;
  /** listId(). */
  listId: string;
}

/** List-Unsubscribe with the https address first (RFC 8058 section 3.1), List-Unsubscribe-Post, List-Id. */
export function listHeaders({ oneClick, mailto, listId }: ListHeaderInput): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClick}>, <mailto:${mailto}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': listId,
  };
}

/** The address inside 'Name <address>', or the text itself. */
export const bareAddress = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
