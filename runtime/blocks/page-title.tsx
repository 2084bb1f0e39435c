// The h1 of a text page, with 'Last updated' set to the build date where asked.
import type { BlockOf } from '../../model/page.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { keepTogether } from '../keep-together.tsx';

export function PageTitle({ block }: { block: BlockOf<'page-title'> }) {
  const { now } = useRender();
  const date = now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <header id={block.id} className="mb-10 bg-gradient-to-br from-violet-50 via-white to-pink-50 px-4 pb-12 pt-28 text-center sm:pt-32">
      <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">{keepTogether(block.title)}</h1>
      {block.subtitle && <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700"><Inline text={block.subtitle} /></p>}
      {block.lastUpdated && <p className="mt-4 text-sm text-gray-600">Last updated: <time dateTime={now.toISOString().slice(0, 10)}>{date}</time></p>}
    </header>
  );
}
