// checkout-webhook on the local stand-in (supabase/local/functions.ts): it records as the service role,
// the one role that may call public.record_checkout_event, as the function does on Supabase with
// SUPABASE_SERVICE_ROLE_KEY.
import type { LocalFunction } from '../../local/functions.ts';
import { checkoutWebhook } from './handler.ts';

const local: LocalFunction = ({ db, checkoutSecret, checkoutProvider }) =>
  checkoutWebhook({
    secret: checkoutSecret,
    provider: checkoutProvider,
    // One round trip: a multi-statement query is one implicit transaction, so SET LOCAL holds for the
    // call and an error rolls back both. The event is JSON the handler built, quoted as a literal
    // (standard_conforming_strings, PostgreSQL's default: only ' needs doubling).
    record: async (event) => {
      const literal = `'${JSON.stringify(event).replace(/'/g, "''")}'`;
      const results = await db.exec(`set local role service_role; select public.record_checkout_event(${literal}::jsonb) as answer`);
      const answer = results.at(-1)?.[0]?.answer as { recorded: boolean } | string | undefined;
      return (typeof answer === 'string' ? (JSON.parse(answer) as { recorded: boolean }) : answer!).recorded;
    },
  });

export default local;
