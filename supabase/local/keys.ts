// Addresses and keys of the local stand-in. Constants only. The address and anon key the site is
// built for by default are part of the contract in model/; the secret and the seeded admin are the
// stand-in's own.
export { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from '../../model/local-backend.ts';

// The same development secret the Supabase CLI uses for `supabase start`.
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const LOCAL_ADMIN_EMAIL = 'admin@example.com';
export const LOCAL_ADMIN_PASSWORD = 'local-admin-password';
// The local admin's second factor: a TOTP secret (base32) everyone can read in the docs (docs/owner/second-factor.md), so a
// developer signs in without a phone (`npm run admin:code` prints the current code). Local only.
export const LOCAL_ADMIN_TOTP_SECRET = 'KRUGS4ZANFZSA3DPMNQWYIDPNZWHSIDB';

// The checkout webhook's signing secret on the stand-in when CHECKOUT_WEBHOOK_SECRET is not set, as
// `stripe listen` prints one for local forwarding: `npm run checkout:trigger` signs with it, so the
// whole path from buy click to order can be seen before going live. Local only; a hosted project
// has no default and refuses every webhook without its secret.
export const LOCAL_CHECKOUT_WEBHOOK_SECRET = 'whsec_local_checkout_webhook_secret_for_the_stand_in';

// The mail webhook's signing secret on the stand-in when MAIL_WEBHOOK_SECRET is not set (a Standard
// Webhooks secret, as Resend shows one: whsec_ and base64), so a signed bounce can be tried locally.
// Local only; a hosted project has no default and refuses every webhook without its secret.
export const LOCAL_MAIL_WEBHOOK_SECRET = 'whsec_bG9jYWwtbWFpbC13ZWJob29rLXNlY3JldC1vZi10aGUtc3RhbmQtaW4=';
