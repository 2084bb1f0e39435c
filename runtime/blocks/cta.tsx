// A call-to-action box with one button.
import { Inline } from '../inline-text.tsx';
import type { BlockOf } from '../../model/page.ts';

export function Cta({ block }: { block: BlockOf<'cta'> }) {
  return (
    <div className="prose-width my-10">
      <div id={block.id} className="rounded-2xl bg-gradient-to-br from-violet-600 to-pink-600 p-6 text-center text-white shadow-xl sm:p-8">
        {block.title && <p className="text-2xl font-extrabold">{block.title}</p>}
        {block.text && <p className="mx-auto mt-2 max-w-xl text-white/90"><Inline text={block.text} /></p>}
        <a href={block.href} className="mt-5 inline-block rounded-xl bg-white px-6 py-3 font-bold text-violet-700 shadow hover:bg-violet-50">{block.label}</a>
      </div>
    </div>
  );
}
