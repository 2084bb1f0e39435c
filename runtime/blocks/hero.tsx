// The landing hero: headline, the button that smooth-scrolls to the products, the illustration.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';

export function Hero({ block }: { block: BlockOf<'hero'> }) {
  return (
    <section id={block.id} className="relative overflow-hidden bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-16 pt-28 sm:pt-32">
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
        <div>
          {block.eyebrow && <p className="mb-4 inline-block rounded-full bg-violet-100 px-4 py-1 text-sm font-semibold text-violet-800">{block.eyebrow}</p>}
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-gray-900 sm:text-5xl">{block.headline}</h1>
          {block.subheadline && <p className="mt-5 text-lg text-gray-700 sm:text-xl"><Inline text={block.subheadline} /></p>}
          <a href={block.button.href} className="mt-8 inline-block rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-8 py-4 text-lg font-bold text-white shadow-lg hover:from-violet-700 hover:to-pink-700" data-testid="hero-button">
            {block.button.label}
          </a>
        </div>
        {block.illustration && (
          <img src={block.illustration.src} alt={block.illustration.alt} width={block.illustration.width} height={block.illustration.height} className="mx-auto h-auto w-full max-w-md" fetchPriority="high" />
        )}
      </div>
    </section>
  );
}
