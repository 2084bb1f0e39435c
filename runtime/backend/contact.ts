// The contact form's message, sent through the database function send_contact_message: visitors may
// write messages but never read them (spec decision 2), one at a time, within the hourly limits per
// client and for the whole site (the function answers 429 past one, and the form shows its failure
// toast). Past the site-wide breaker it asks for a proof of work, which the browser solves
// (proof-of-work.ts) before sending again.
import { getSupabase } from './client.ts';
import { withProofOfWork } from './proof-of-work.ts';

export interface ContactMessage {
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Resolves to the error's message, or null when the message is stored. `onSolving` is told when the
 * browser starts a proof of work (the site is busy), so the form can say so.
 */
export async function sendContactMessage(m: ContactMessage, onSolving?: () => void): Promise<{ error: string | null }> {
  try {
    const supabase = await getSupabase();
    const { error } = await withProofOfWork(
      (altcha) =>
        supabase.rpc('send_contact_message', {
          p_first_name: m.first_name,
          p_last_name: m.last_name,
          p_email: m.email,
          p_subject: m.subject,
          p_message: m.message,
          ...(altcha ? { p_altcha: altcha } : {}),
        }),
      onSolving,
    );
    if (!error) return { error: null };
    console.error('Sending the contact message failed:', error);
    return { error: error.message || 'The message could not be sent.' };
  } catch (e) {
    console.error('Sending the contact message failed:', e);
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
