// The offer to upgrade to the bundle, priced from the catalogue.
import type { BlockOf } from '../../model/page.ts';
import { useProduct } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { keepTogether } from '../keep-together.tsx';
import { PriceParts } from './price-tag.tsx';
import { SectionShell } from './section-shell.tsx';

export function UpgradeBox({ block }: { block: BlockOf<'upgrade-box'> }) {
  const bundle = useProduct(block.product);
  return (
    <SectionShell id={block.id} narrow>
      <div className="rounded-3xl bg-gradient-to-br from-violet-600 to-pink-600 p-8 text-center text-white shadow-xl">
        <p className="text-sm font-bold uppercase tracking-wide text-yellow-200">{bundle.badge}</p>
        <h2 className="mt-2 text-3xl font-extrabold">{keepTogether(block.heading)}</h2>
        {block.text && <p className="mx-auto mt-3 max-w-xl text-white/90"><Inline text={block.text} /></p>}
        <p className="mt-5 text-4xl font-extrabold"><PriceParts product={bundle} look="gradient-bare" /></p>
        <a href={bundle.route} className="mt-6 inline-block rounded-xl bg-white px-8 py-4 font-extrabold text-violet-700 hover:bg-violet-50">{block.label}</a>
      </div>
    </SectionShell>
  );
}
