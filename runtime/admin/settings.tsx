// /admin/settings: the authenticators that can sign this admin in (their verified TOTP factors),
// removing one, and adding another ahead of time, so a lost phone does not lock the owner out.
// Shown only at aal2, as every admin screen; Supabase Auth also refuses removal below aal2.
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { removeFactor } from '../backend/second-factor.ts';
import { useAdmin } from './context.ts';
import { EnrolForm } from './second-factor.tsx';
import { formatDateTime, panel, primaryButton, secondaryButton } from './ui.ts';

export function SettingsScreen() {
  const { session, props } = useAdmin();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const factors = session.factors;
  const names = new Set(factors.map((f) => f.name));
  let n = factors.length + 1;
  while (names.has(`Authenticator ${n}`)) n++;

  const remove = async (id: string, name: string) => {
    setBusy(true);
    try {
      await removeFactor(id);
      toast.success('Authenticator removed', { description: `${name} no longer signs you in.` });
      setConfirming(null);
      revalidator.revalidate();
    } catch (e) {
      toast.error('Could not remove the authenticator', { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="factors-heading" className={`${panel} p-5`}>
        <h2 id="factors-heading" className="text-xl font-bold text-gray-900">Second factor</h2>
        <p className="mt-1 text-gray-700">
          Each of these authenticators can give the code after your password. Add a second one (another phone, or a password
          manager) before you need it: Supabase has no recovery codes.
        </p>
        <ul className="mt-4 divide-y divide-gray-200" data-testid="factor-list">
          {factors.map((f) => (
            <li key={f.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="factor-row">
              <div className="min-w-0">
                <p className="font-semibold text-gray-900">{f.name}</p>
                <p className="text-sm text-gray-600">Added {formatDateTime(f.createdAt)}</p>
              </div>
              {confirming === f.id ? (
                <div className="flex flex-wrap items-center gap-3" role="group" aria-label={`Remove ${f.name}?`}>
                  <span className="text-sm text-gray-800">
                    {factors.length === 1 ? 'Your only authenticator: you will set up a new one at once.' : 'It will no longer sign you in.'}
                  </span>
                  <button type="button" className={primaryButton} disabled={busy} onClick={() => void remove(f.id, f.name)}>Yes, remove</button>
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => setConfirming(null)}>Cancel</button>
                </div>
              ) : (
                <button type="button" className={secondaryButton} onClick={() => setConfirming(f.id)} aria-label={`Remove ${f.name}`}>Remove</button>
              )}
            </li>
          ))}
        </ul>
        {!adding && (
          <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setAdding(true)}>Add another authenticator</button>
        )}
      </section>
      {adding && <EnrolForm name={`Authenticator ${n}`} issuer={props.siteName} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />}
    </div>
  );
}
