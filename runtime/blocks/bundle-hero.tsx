// The bundle page hero: the page's h1, the price against the struck-through core value, savings and
// discount, the countdown and the buy button. Every figure is derived from site.config.yaml.
import type { BlockOf } from '../../model/page.ts';
import { bonusValue, bundledProducts, coreValue, discountPercent, money, productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { BesideImage } from './beside-image.tsx';
import { Buy } from './buy.tsx';
import { OfferTimer } from './offer-timer.tsx';
import { PriceParts, Savings } from './price-tag.tsx';

export function BundleHero({ block }: { block: BlockOf<'bundle-hero'> }) {
  const { site } = useRender();
  const bundle = productById(site, block.product);
  const parts = bundledProducts(site, bundle);
  const core = coreValue(site, bundle);
  const bonuses = bonusValue(bundle);
  return (
    <section id={block.id} className="bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-16 pt-24 sm:pt-28">
      <div className={`mx-auto grid max-w-6xl items-center gap-10 ${block.image ? 'md:grid-cols-2' : ''}`}>
        <div className="text-center md:text-left">
          <p className="inline-block rounded-full bg-gradient-to-r from-violet-600 to-pink-600 px-4 py-1 text-sm font-extrabold tracking-wide text-white">
            <span aria-hidden="true">{bundle.emoji} </span>{block.badge ?? bundle.badge}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-gray-900 sm:text-5xl">{block.headline}</h1>
          {block.subheadline && <p className="mt-4 text-lg text-gray-700"><Inline text={block.subheadline} /></p>}

          <div className="mt-8 rounded-2xl border-2 border-violet-200 bg-white p-6 text-center shadow-xl" data-testid="bundle-offer">
            <p className="text-sm font-bold uppercase tracking-wide text-gray-600">
              {bundle.title} • All {parts.length} guides + {(bundle.bonuses ?? []).length} bonuses
            </p>
            <p className="mt-3 flex flex-wrap items-baseline justify-center gap-3" data-testid="price">
              <PriceParts product={bundle} look="hero" />
            </p>
            <p className="mt-3 flex flex-wrap items-center justify-center gap-2">
              <Savings product={bundle} look="pill" limited />
              <span className="rounded-full bg-yellow-300 px-3 py-1 text-sm font-extrabold text-gray-900">{discountPercent(site, bundle)}% off</span>
            </p>
            <p className="mt-3 text-sm text-gray-600">
              Core Value: {money(core)} • Bonus value: {money(bonuses)}
            </p>
            <div className="mt-5 flex justify-center"><OfferTimer countdown={block.countdown} hydrate="load" /></div>
            <div className="mt-5"><Buy product={bundle} label={block.buttonLabel} hydrate="load" /></div>
            <p className="mt-3 text-xs text-gray-600">🔒 Secure checkout via {site.checkout.provider} • {site.guarantee.days}-day money-back guarantee</p>
          </div>
        </div>
        {block.image && (
          <BesideImage image={block.image} className="mx-auto h-auto w-full max-w-xs rounded-3xl shadow-xl md:max-w-md" />
        )}
      </div>
    </section>
  );
}
