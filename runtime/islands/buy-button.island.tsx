// Buy: a link to the product's hosted checkout, so a visitor without script still gets there (that sale
// is unattributed). With script, the click mints a reference (model/sales/reference.ts), sends it with the
// buy event through the beacon's hook, shows a toast, and after the configured delay goes to the
// checkout with the reference added the way the provider expects, so the provider's webhook can tie
// the order to this click. Where the beacon does not run (analytics off, Global Privacy Control, Do
// Not Track) there is no hook, and the checkout address goes out as written, with no reference.
import { useState, type MouseEvent } from 'react';
import type { BeaconWindow } from '../../model/analytics/event.ts';
import { checkoutAddress, mintReference, type CheckoutProvider } from '../../model/sales/reference.ts';
import { toast } from '../client/toast.ts';

interface BuyButtonProps {
  label: string;
  checkoutUrl: string;
  /** site.config.yaml's checkout.provider, checked by validate against model/sales/reference.ts's table. */
  provider: CheckoutProvider;
  product: string;
  /** The price shown, in cents, sent with the click (the database values the click from the catalogue). */
  priceCents: number;
  delayMs: number;
  size?: 'md' | 'lg';
  tone?: 'primary' | 'light';
}

export default function BuyButton({ label, checkoutUrl, provider, product, priceCents, delayMs, size = 'lg', tone = 'primary' }: BuyButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    // The block the button is in, as the registry marks every block (runtime/registry.tsx): the call to action that sold.
    const block = e.currentTarget.closest<HTMLElement>('[data-block-type]')?.dataset;
    if (busy) return;
    setBusy(true);
    const beacon = (window as BeaconWindow).__beacon;
    const reference = beacon && mintReference();
    if (beacon && reference) beacon('buy', { p: product, c: priceCents, x: reference, ...(block?.block ? { b: block.block } : {}), ...(block?.blockType ? { t: block.blockType } : {}) });
    toast.info('Redirecting to Purchase', { description: 'Taking you to the secure checkout page...' });
    const to = reference ? checkoutAddress(checkoutUrl, provider, reference) : checkoutUrl;
    setTimeout(() => window.location.assign(to), delayMs);
  };
  const look = tone === 'primary' ? 'bg-gradient-to-r from-violet-600 to-pink-600 text-white hover:from-violet-700 hover:to-pink-700' : 'bg-white text-violet-700 hover:bg-violet-50';
  const pad = size === 'lg' ? 'px-8 py-4 text-lg' : 'px-6 py-3 text-base';
  return (
    <a href={checkoutUrl} onClick={onClick} aria-disabled={busy || undefined} data-checkout={checkoutUrl} className={`inline-block w-full rounded-xl text-center font-bold no-underline shadow-lg transition sm:w-auto ${pad} ${look} ${busy ? 'opacity-80' : ''}`}>
      {label}
    </a>
  );
}
