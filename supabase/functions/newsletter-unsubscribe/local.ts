// newsletter-unsubscribe on the local stand-in: public.unsubscribe through the stand-in's own PostgREST
// as a visitor; a GET goes to the page of the site npm start serves.
import type { LocalFunction } from '../../local/functions.ts';
import { newsletterUnsubscribe } from './handler.ts';

const local: LocalFunction = ({ url, anonKey, mail }) => newsletterUnsubscribe({ supabaseUrl: url, anonKey, siteOrigin: mail?.siteOrigin ?? 'http://localhost:4173' });

export default local;
