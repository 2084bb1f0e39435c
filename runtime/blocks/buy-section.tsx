// The closing call to buy a product.
import type { BlockOf } from '../../model/page.ts';
import { useProduct } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { keepTogether } from '../keep-together.tsx';
import { Buy } from './buy.tsx';
import { SectionShell } from './section-shell.tsx';

export function BuySection({ block }: { block: BlockOf<'buy-section'> }) {
  const product = useProduct(block.product);
  return (
    <SectionShell id={block.id} className="bg-gray-900 text-center">
      <h2 className="text-3xl font-extrabold text-white">{keepTogether(block.heading)}</h2>
      {block.text && <p className="mx-auto mt-3 max-w-2xl text-lg text-gray-300"><Inline text={block.text} /></p>}
      <div className="mt-8"><Buy product={product} label={block.buttonLabel} /></div>
    </SectionShell>
  );
}
