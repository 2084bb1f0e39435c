// newsletter-send on the local stand-in: the queue is filled through the stand-in's own PostgREST with
// the caller's token, as hosted; mail goes to the catcher through the stand-in's sender (mail-loop.ts),
// which drains once the answer is sent.
import type { LocalFunction } from '../../local/functions.ts';
import { MailContentMissing } from '../_shared/mail/content.ts';
import { MailConfigError } from '../_shared/mail/transport.ts';
import { newsletterSend } from './handler.ts';

const local: LocalFunction = ({ url, anonKey, mail }) =>
  newsletterSend({
    supabaseUrl: url,
    anonKey,
    content: async (slug) => {
      if (!mail) throw new MailContentMissing('the stand-in runs without the mail catcher: start it with npm start or npm run dev');
      return mail.loop.content(slug);
    },
    mailer: () => {
      if (!mail) throw new MailConfigError('the stand-in runs without the mail catcher: start it with npm start or npm run dev');
      return mail.loop.mailer;
    },
    startDrain: () => mail?.loop.kick(),
  });

export default local;
