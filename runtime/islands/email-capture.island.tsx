// E-mail capture: validate, save through the backend module (which keeps the address in the browser
// when the backend fails), then the thank-you panel and the download. The address is read from the form
// when it is sent, so what was typed before hydration counts; a form sent before it is held by the
// page's loader and sent again once this has hydrated. method="post": should it ever be sent by the
// browser itself, the address never goes into the page's address. When the site is busy the database
// asks for a proof of work (runtime/backend/proof-of-work.ts): the button says the browser is checking.
// The address goes with its consent record: this page, the block's form id and the privacy wording the
// block shows (given as a prop, so what is sent is what was rendered), cut to the lengths the database
// takes (a path of 200 characters, an id of 64), so a long address never costs the visitor the
// capture. The database keeps the address pending and mails a link to confirm it; the panel says so in
// one sentence, only when the address reached the database (kept in the browser, nothing is mailed yet).
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../client/toast.ts';
import type { BeaconWindow } from '../../model/analytics/event.ts';
import { captureStarterKitEmail, resendCapturedEmails } from '../backend/capture.ts';

interface EmailCaptureProps {
  buttonLabel: string;
  download: string;
  /** The form's id in the consent record (the block's id, or `email-capture`). */
  form: string;
  /** The privacy wording shown under the form, exactly as rendered. */
  wording: string;
}

function startDownload(href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = href.split('/').pop() ?? '';
  document.body.append(a);
  a.click();
  a.remove();
}

export default function EmailCapture({ buttonLabel, download, form, wording }: EmailCaptureProps) {
  // 'checking': the browser solves the proof of work the busy site asked for.
  const [state, setState] = useState<'idle' | 'submitting' | 'checking' | 'done'>('idle');
  const [captured, setCaptured] = useState('');
  const [stored, setStored] = useState<'backend' | 'local'>('local');

  // Addresses kept in the browser while the backend was down are sent again when it answers.
  useEffect(() => {
    void resendCapturedEmails().catch(() => undefined);
  }, []);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!value || !value.includes('@')) {
      toast.error('Invalid email', { description: 'Please enter a valid email address' });
      return;
    }
    setState('submitting');
    try {
      const result = await captureStarterKitEmail(value, { route: window.location.pathname.slice(0, 200), form: form.slice(0, 64), wording }, () => setState('checking'));
      setStored(result.stored);
      setCaptured(value);
      (window as BeaconWindow).__beacon?.('capture');
      setState('done');
      toast.success('Success!', { description: 'Your free starter kit is downloading now and your email has been captured!' });
      startDownload(download);
    } catch (err) {
      console.error('E-mail capture failed', err);
      setState('idle');
      toast.error('Error', { description: 'Something went wrong. Please try again.' });
    }
  };

  if (state === 'done') {
    return (
      <div className="mt-6 rounded-2xl border-2 border-emerald-500 bg-emerald-50 p-6" role="status" data-testid="capture-thanks">
        <p className="text-xl font-extrabold text-emerald-900">Thank you! Check your downloads.</p>
        <p className="mt-2 text-emerald-900">Your starter kit is on its way to <strong className="[overflow-wrap:anywhere]" data-testid="captured-email">{captured}</strong>.</p>
        <p className="mt-2 text-sm text-emerald-900">Download didn't start? <a href={download} download className="font-bold underline">click here</a></p>
        {stored === 'backend' && (
          <p className="mt-2 text-sm text-emerald-900" data-testid="capture-confirm-note">Unless this address is already on our list, a mail with a link to confirm it is on its way: we write to you only after you press Confirm there.</p>
        )}
      </div>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mx-auto mt-6 flex max-w-lg flex-col gap-3 sm:flex-row" data-testid="capture-form">
      <label htmlFor="capture-email" className="sr-only">Email address</label>
      <input id="capture-email" type="email" required autoComplete="email" placeholder="Enter your email address" name="email" className="min-w-0 flex-1 rounded-xl border border-gray-300 px-4 py-3 text-lg" />
      <button type="submit" disabled={state !== 'idle'} className="rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-6 py-3 font-bold text-white shadow disabled:opacity-70">
        {state === 'checking' ? 'Checking (a second)...' : state === 'submitting' ? 'Processing...' : buttonLabel}
      </button>
    </form>
  );
}
