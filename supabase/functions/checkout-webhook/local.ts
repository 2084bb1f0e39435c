// checkout-webhook on the local stand-in (supabase/local/functions.ts): it records and logs as the service
// role, the one role that may call public.record_checkout_event and public.log_checkout_delivery, as the
// function does on Supabase with SUPABASE_SERVICE_ROLE_KEY.
import type { Database } from '../../local/db.ts';
import { providerReader, type LocalFunction } from '../../local/functions.ts';
import type { Recorded } from '../../../model/sales/delivery.ts';
import { checkoutWebhook } from './handler.ts';

/**
 * Calls a service-role function with one jsonb argument in one round trip: a multi-statement query
 * is one implicit transaction, so SET LOCAL holds for the call and an error rolls back both. The
 * argument is JSON the handler built, quoted as a literal (standard_conforming_strings, PostgreSQL's
 * default: only ' needs doubling).
 */
async function asServiceRole(db: Database, fn: string, argument: object): Promise<unknown> {
  const literal = `'${JSON.stringify(argument).replace(/'/g, "''")}'`;
  const results = await db.exec(`set local role service_role; select public.${fn}(${literal}::jsonb) as answer`);
  const answer = results.at(-1)?.[0]?.answer;
  // A void function answers '' (PGlite) or null; a jsonb one JSON text (PGlite) or the parsed value (pg).
  return typeof answer === 'string' && answer !== '' ? JSON.parse(answer) : answer;
}

const local: LocalFunction = ({ db, checkoutSecret, checkoutProvider }) =>
  checkoutWebhook({
    secret: checkoutSecret,
    // Read at each delivery: editing checkout.provider needs no restart.
    provider: providerReader(checkoutProvider),
    record: async (event) => (await asServiceRole(db, 'record_checkout_event', event)) as Recorded,
    log: async (delivery) => void (await asServiceRole(db, 'log_checkout_delivery', delivery)),
  });

export default local;
