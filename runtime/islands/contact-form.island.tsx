// The contact form: five required fields, sent through the backend module (an insert only).
// Sending: the button reads 'Sending...' and is disabled. Success: toast, form cleared.
// Failure: the destructive toast, the error logged, and every field kept. When the site is busy the
// database asks for a proof of work (runtime/backend/proof-of-work.ts): a calm line says the browser
// is checking, the fields stay as typed, and the message goes once it is done.
// The fields are read from the form when it is sent, so what was typed before hydration counts; a form
// sent before it is held by the page's loader and sent again once this has hydrated. method="post":
// should it ever be sent by the browser itself, nothing typed goes into the page's address.
import { useState, type FormEvent } from 'react';
import { toast } from '../client/toast.ts';
import type { BeaconWindow } from '../../model/analytics/event.ts';
import { sendContactMessage, type ContactMessage } from '../backend/contact.ts';

interface ContactFormProps {
  buttonLabel: string;
}

type Field = keyof ContactMessage;

// The database's own limits (contact_messages checks), so the browser stops an over-long field first.
const MAX: Record<Field, number> = { first_name: 100, last_name: 100, email: 254, subject: 200, message: 5000 };

const inputClass =
  'mt-1 block w-full rounded-xl border border-gray-300 bg-white px-4 py-3 text-base text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-600/30';

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-gray-800">
      {children}
      <span className="text-pink-700" aria-hidden="true"> *</span>
    </label>
  );
}

export default function ContactForm({ buttonLabel }: ContactFormProps) {
  // 'checking': the browser solves the proof of work the busy site asked for.
  const [phase, setPhase] = useState<'idle' | 'sending' | 'checking'>('idle');
  const sending = phase !== 'idle';

  const field = (name: Field) => ({
    id: `contact-${name.replace('_', '-')}`,
    name,
    required: true,
    maxLength: MAX[name],
    className: inputClass,
  });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const trimmed = Object.fromEntries((Object.keys(MAX) as Field[]).map((k) => [k, String(data.get(k) ?? '').trim()])) as unknown as ContactMessage;
    setPhase('sending');
    // sendContactMessage logs the error itself (console.error) and never throws.
    const { error } = await sendContactMessage(trimmed, () => setPhase('checking'));
    setPhase('idle');
    if (error) {
      toast.error('Error sending message', { description: 'Please try again later or contact us directly.' });
      return;
    }
    form.reset();
    (window as BeaconWindow).__beacon?.('contact');
    toast.success('Message sent successfully!', { description: "We'll get back to you within 24 hours." });
  };

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-5" data-testid="contact-form" aria-busy={sending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="contact-first-name">First name</Label>
          <input type="text" autoComplete="given-name" {...field('first_name')} />
        </div>
        <div>
          <Label htmlFor="contact-last-name">Last name</Label>
          <input type="text" autoComplete="family-name" {...field('last_name')} />
        </div>
      </div>
      <div>
        <Label htmlFor="contact-email">Email</Label>
        <input type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
      </div>
      <div>
        <Label htmlFor="contact-subject">Subject</Label>
        <input type="text" placeholder="How can we help?" {...field('subject')} />
      </div>
      <div>
        <Label htmlFor="contact-message">Message</Label>
        <textarea rows={6} placeholder="Tell us a little about your question." {...field('message')} />
      </div>
      <p className="text-sm text-gray-600"><span aria-hidden="true">* </span>All fields are required.</p>
      {phase === 'checking' && (
        <p role="status" className="rounded-xl bg-violet-50 px-4 py-3 text-sm text-violet-900" data-testid="contact-checking">
          Many messages are arriving right now, so your browser is doing a quick check (about a second). Your message is kept and
          will be sent as soon as it is done.
        </p>
      )}
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-6 py-4 text-lg font-bold text-white shadow-lg hover:from-violet-700 hover:to-pink-700 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {phase === 'checking' ? 'Checking...' : sending ? 'Sending...' : buttonLabel}
      </button>
    </form>
  );
}
