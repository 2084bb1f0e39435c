// An image on its own, as wide as the text, with its caption. Lazy: it is never a page's first screen
// in the prose it sits in.
import type { BlockOf } from '../../model/page.ts';
import { Inline } from '../inline-text.tsx';

export function Image({ block }: { block: BlockOf<'image'> }) {
  const { src, alt, width, height } = block.image;
  return (
    <figure id={block.id} className="prose-width my-8">
      <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" className="h-auto w-full rounded-xl" />
      {block.caption && <figcaption className="mt-2 text-center text-sm text-gray-600"><Inline text={block.caption} /></figcaption>}
    </figure>
  );
}
