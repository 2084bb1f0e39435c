// The platform page hero: badge, headline, price box, buy button and the hero image.
import type { BlockOf } from '../../model/page.ts';
import { productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { BesideImage } from './beside-image.tsx';
import { Buy } from './buy.tsx';
import { OfferTimer } from './offer-timer.tsx';
import { PriceTag } from './price-tag.tsx';

export function PlatformHero({ block }: { block: BlockOf<'platform-hero'> }) {
  const { site } = useRender();
  const product = productById(site, block.product);
  return (
    <section id={block.id} className="bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-16 pt-24 sm:pt-28">
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
        <div className="text-center md:text-left">
          <p className="inline-block rounded-full bg-violet-100 px-4 py-1 text-sm font-bold text-violet-800">{block.badge}</p>
          <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-gray-900 sm:text-5xl">{block.headline}</h1>
          {block.subheadline && <p className="mt-4 text-lg text-gray-700"><Inline text={block.subheadline} /></p>}
          <div className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-lg">
            <p className="text-sm font-bold uppercase tracking-wide text-gray-600">{product.title} • {product.planDays}-day plan</p>
            <div className="mt-3"><PriceTag product={product} /></div>
            <div className="mt-4 flex justify-center"><OfferTimer countdown={block.countdown} hydrate="load" /></div>
            <div className="mt-5"><Buy product={product} hydrate="load" /></div>
            <p className="mt-3 text-xs text-gray-500">🔒 Secure checkout via {site.checkout.provider} • {site.guarantee.days}-day money-back guarantee</p>
          </div>
        </div>
        <BesideImage image={block.image} className="mx-auto h-auto w-full max-w-md rounded-3xl shadow-xl" />
      </div>
    </section>
  );
}
