// mail-webhook on the local stand-in, verifying with MAIL_WEBHOOK_SECRET or the local secret
// (supabase/local/keys.ts), so a signed event can be tried before going live.
import type { LocalFunction } from '../../local/functions.ts';
import { LOCAL_MAIL_WEBHOOK_SECRET } from '../../local/keys.ts';
import { listDb } from '../_shared/mail/list-db.ts';
import { mailWebhook } from './handler.ts';

const local: LocalFunction = ({ serviceSql, mail }) => {
  const db = listDb(serviceSql);
  return mailWebhook({
    secret: mail?.webhookSecret ?? process.env.MAIL_WEBHOOK_SECRET ?? LOCAL_MAIL_WEBHOOK_SECRET,
    record: async (event) => void (await db.recordMailEvent(event.email, event.kind, event.providerId)),
  });
};

export default local;
