// The second factor's two forms: enrolment (a QR code and the secret as text beside it, then a code
// to confirm) for an admin without a factor, and the code an admin with one gives after the
// password. A wrong code says so; five wrong codes in a row wait 30 seconds before the next try
// (kept in this browser, so a reload does not skip the wait). Success raises the session to aal2
// and the router loads the screen again.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { startEnrolment, verifyCode, type Enrolment, type TotpFactor } from '../backend/second-factor.ts';
import { card, inputClass, primaryButton, secondaryButton } from './ui.ts';

/** Wrong codes in a row before the form waits, and how long it waits. */
const MAX_WRONG_CODES = 5;
const WAIT_SECONDS = 30;
const WAIT_KEY = 'admin-code-wait';

interface WaitState {
  wrong: number;
  until: number;
}

function readWait(): WaitState {
  try {
    const v = JSON.parse(localStorage.getItem(WAIT_KEY) ?? '{}') as Partial<WaitState>;
    return { wrong: Number(v.wrong) || 0, until: Number(v.until) || 0 };
  } catch {
    return { wrong: 0, until: 0 };
  }
}

function writeWait(w: WaitState): void {
  try {
    localStorage.setItem(WAIT_KEY, JSON.stringify(w));
  } catch {
    // storage refused: the wait then lasts as long as the page
  }
}

/** Seconds left to wait, ticking down; 0 when a code may be tried. */
function useWait(): [number, (failed: boolean) => void] {
  const [until, setUntil] = useState(() => readWait().until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const t = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(t);
  }, [until, now]);
  const record = (failed: boolean) => {
    const w = readWait();
    const wrong = failed ? w.wrong + 1 : 0;
    const next = wrong >= MAX_WRONG_CODES ? { wrong: 0, until: Date.now() + WAIT_SECONDS * 1000 } : { wrong, until: 0 };
    writeWait(next);
    setUntil(next.until);
    setNow(Date.now());
  };
  return [Math.max(0, Math.ceil((until - now) / 1000)), record];
}

function CodeField({ id, disabled }: { id: string; disabled?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">6-digit code</label>
      <input
        id={id}
        name="code"
        required
        disabled={disabled}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        title="The 6 digits your authenticator app shows"
        className={`${inputClass} font-mono tracking-widest`}
      />
    </div>
  );
}

function Problem({ text, testId }: { text: string; testId: string }) {
  return (
    <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid={testId}>
      {text}
    </p>
  );
}

/** A code checked against `factorId`; shared by both forms. */
function useCodeCheck(onVerified: () => void) {
  const [wait, record] = useWait();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = async (e: FormEvent<HTMLFormElement>, factorId: string) => {
    e.preventDefault();
    if (busy || wait > 0) return;
    const form = e.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').replace(/\s+/g, '');
    setBusy(true);
    setError(null);
    const result = await verifyCode(factorId, code).catch((x: unknown) => ({ ok: false as const, reason: 'other' as const, message: x instanceof Error ? x.message : String(x) }));
    setBusy(false);
    if (result.ok) {
      record(false);
      onVerified();
      return;
    }
    if (result.reason !== 'other') record(true);
    setError(result.message);
    const field = form.elements.namedItem('code') as HTMLInputElement | null;
    field?.select();
  };
  const waiting = wait > 0 ? `Five wrong codes in a row. Wait ${wait} second${wait === 1 ? '' : 's'} before the next try.` : null;
  return { check, busy, error: waiting ?? error, waiting: wait > 0 };
}

/** After the password: the code from the admin's authenticator (which one, when there are several). */
export function CodeForm({ factors }: { factors: TotpFactor[] }) {
  const revalidator = useRevalidator();
  const [factorId, setFactorId] = useState(factors[0]!.id);
  const { check, busy, error, waiting } = useCodeCheck(() => {
    toast.dismiss();
    revalidator.revalidate();
  });
  const codeId = useId();
  const factorFieldId = useId();
  return (
    <section aria-labelledby="admin-code-heading" className={`${card} mx-auto mt-8 max-w-md`} data-testid="admin-code">
      <h2 id="admin-code-heading" className="text-2xl font-extrabold text-gray-900">Enter your code</h2>
      <p className="mt-2 text-gray-700">Open your authenticator app and enter the 6-digit code it shows for this site.</p>
      <form className="mt-6 space-y-5" onSubmit={(e) => void check(e, factorId)}>
        {factors.length > 1 && (
          <div>
            <label htmlFor={factorFieldId} className="block text-sm font-semibold text-gray-800">Authenticator</label>
            <select id={factorFieldId} value={factorId} onChange={(e) => setFactorId(e.target.value)} className={inputClass}>
              {factors.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
          </div>
        )}
        <CodeField id={codeId} />
        {error && <Problem text={error} testId="code-error" />}
        <button type="submit" disabled={busy || waiting} className={`${primaryButton} w-full`}>{busy ? 'Checking…' : 'Verify'}</button>
      </form>
    </section>
  );
}

/**
 * Enrols a TOTP factor named `name`: the QR code and the secret, then a code to confirm. Shown to
 * an admin without a factor before any admin data, and on the settings screen to add another.
 */
export function EnrolForm({ name, issuer, onDone, onCancel }: { name: string; issuer: string; onDone?: () => void; onCancel?: () => void }) {
  const revalidator = useRevalidator();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const { check, busy, error, waiting } = useCodeCheck(() => {
    toast.success('Second factor added', { description: `${name} now signs you in.` });
    onDone?.();
    revalidator.revalidate();
  });
  const codeId = useId();
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startEnrolment(name, issuer).then(setEnrolment, (e: unknown) => setFailure(e instanceof Error ? e.message : String(e)));
  }, [name, issuer]);
  return (
    <section aria-labelledby="admin-enrol-heading" className={`${card} mx-auto mt-8 max-w-2xl`} data-testid="admin-enrol">
      <h2 id="admin-enrol-heading" className="text-2xl font-extrabold text-gray-900">Set up your second factor</h2>
      <p className="mt-2 text-gray-700">
        The admin area asks for a code from an authenticator app (or a password manager) after your password. Scan the QR code, or
        enter the secret by hand, then type the code the app shows.
      </p>
      {failure && <div className="mt-6"><Problem text={`The second factor could not be set up: ${failure}`} testId="enrol-error" /></div>}
      {!enrolment && !failure && <p className="mt-6 text-gray-700" role="status">Preparing your QR code…</p>}
      {enrolment && (
        <div className="mt-6 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
          <img src={enrolment.qrCode} alt={`QR code for ${issuer} in your authenticator app`} width={192} height={192} className="mx-auto h-48 w-48 rounded-xl border border-gray-200 bg-white p-2" data-testid="totp-qr" />
          <div className="min-w-0 space-y-5">
            <div>
              <p className="text-sm font-semibold text-gray-800">Secret (for typing in or a password manager)</p>
              <code className="mt-1 block break-all rounded-xl bg-gray-100 px-4 py-3 font-mono text-base text-gray-900" data-testid="totp-secret">{enrolment.secret}</code>
            </div>
            <form className="space-y-5" onSubmit={(e) => void check(e, enrolment.factorId)}>
              <CodeField id={codeId} />
              {error && <Problem text={error} testId="code-error" />}
              <div className="flex flex-wrap gap-3">
                <button type="submit" disabled={busy || waiting} className={primaryButton}>{busy ? 'Checking…' : 'Confirm'}</button>
                {onCancel && <button type="button" className={secondaryButton} onClick={onCancel}>Cancel</button>}
              </div>
            </form>
          </div>
        </div>
      )}
    </section>
  );
}
