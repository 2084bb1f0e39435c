// A price box: price, original, savings, countdown or launch label, and the buy button.
import type { BlockOf } from '../../model/page.ts';
import { productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Buy } from './buy.tsx';
import { OfferTimer } from './offer-timer.tsx';
import { PriceTag } from './price-tag.tsx';
import { SectionShell } from './section-shell.tsx';

export function PriceBox({ block }: { block: BlockOf<'price-box'> }) {
  const { site } = useRender();
  const product = productById(site, block.product);
  return (
    <SectionShell id={block.id} narrow>
      <div className="rounded-3xl border-2 border-violet-200 bg-white p-8 text-center shadow-xl">
        <h2 className="text-2xl font-extrabold text-gray-900">{block.heading ?? product.title}</h2>
        <div className="mt-4"><PriceTag product={product} /></div>
        <div className="mt-5 flex justify-center"><OfferTimer countdown={block.countdown} /></div>
        <div className="mt-6"><Buy product={product} label={block.buttonLabel} /></div>
        <p className="mt-3 text-sm text-gray-600">🛡️ {site.guarantee.days}-day money-back guarantee • Instant PDF download</p>
      </div>
    </SectionShell>
  );
}
