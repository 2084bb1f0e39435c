// The Supabase Edge Function `newsletter-unsubscribe` (issue 51): the one-click address every
// newsletter's List-Unsubscribe header names. Deploy with `--no-verify-jwt`: a mail client sends no
// Supabase key; the token in the address is the whole request. SITE_URL: _shared/hosted.ts.
import { newsletterUnsubscribe } from './handler.ts';
import { anonKey, siteUrl, supabaseUrl } from '../_shared/hosted.ts';

declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };

Deno.serve(newsletterUnsubscribe({ supabaseUrl: supabaseUrl(), anonKey: anonKey(), siteOrigin: siteUrl() }));
