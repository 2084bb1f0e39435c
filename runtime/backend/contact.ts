// The contact form's message: an insert only. No .select() afterwards,
// because visitors may write messages but never read them (spec decision 2).
import { getSupabase } from './client.ts';

export interface ContactMessage {
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
}

/** Resolves to the error's message, or null when the message is stored. */
export async function sendContactMessage(m: ContactMessage): Promise<{ error: string | null }> {
  try {
    const { error } = await (await getSupabase()).from('contact_messages').insert({
      first_name: m.first_name,
      last_name: m.last_name,
      email: m.email,
      subject: m.subject,
      message: m.message,
    });
    if (!error) return { error: null };
    console.error('Sending the contact message failed:', error);
    return { error: error.message || 'The message could not be sent.' };
  } catch (e) {
    console.error('Sending the contact message failed:', e);
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
