// Buy: a toast, then after the configured delay the browser goes to the product's hosted checkout.
import { useState } from 'react';
import { toast } from '../client/toast.ts';

interface BuyButtonProps {
  label: string;
  checkoutUrl: string;
  delayMs: number;
  size?: 'md' | 'lg';
  tone?: 'primary' | 'light';
}

export default function BuyButton({ label, checkoutUrl, delayMs, size = 'lg', tone = 'primary' }: BuyButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = () => {
    setBusy(true);
    toast.info('Redirecting to Purchase', { description: 'Taking you to the secure checkout page...' });
    setTimeout(() => window.location.assign(checkoutUrl), delayMs);
  };
  const look = tone === 'primary' ? 'bg-gradient-to-r from-violet-600 to-pink-600 text-white hover:from-violet-700 hover:to-pink-700' : 'bg-white text-violet-700 hover:bg-violet-50';
  const pad = size === 'lg' ? 'px-8 py-4 text-lg' : 'px-6 py-3 text-base';
  return (
    <button type="button" onClick={onClick} disabled={busy} data-checkout={checkoutUrl} className={`w-full rounded-xl font-bold shadow-lg transition sm:w-auto ${pad} ${look} disabled:opacity-80`}>
      {label}
    </button>
  );
}
