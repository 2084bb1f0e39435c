// The links between the parts of a long article (generator/core/templates/article-parts.ts): plain
// links, so a reader without script reads the whole article. A later part opens with the article's
// title, which part it is and a link back; every part but the last ends with a link to the next.
import type { ArticlePart } from '../model/page.ts';
import { keepTogether } from './keep-together.tsx';

/** `chapter`: the heading of the chapter the part opens inside, if it does not open with a chapter's heading. */
export function PartHeader({ part, chapter }: { part: ArticlePart; chapter?: string }) {
  const previous = part.parts[part.index - 1]!;
  return (
    <header className="prose-width pb-6 pt-24 sm:pt-28">
      <a href={previous.route} className="inline-flex min-h-11 items-center gap-1 font-semibold text-violet-700 hover:text-violet-900"><span aria-hidden="true">←</span> Part {part.index} of {part.parts.length}</a>
      <p className="mt-6 text-sm text-gray-600">Part {part.index + 1} of {part.parts.length}</p>
      <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-gray-900 sm:text-5xl">{keepTogether(part.of.title)}</h1>
      {chapter && <h2 className="mt-8 text-2xl font-extrabold text-gray-900">{keepTogether(chapter)} <span className="font-semibold text-gray-600">(continued)</span></h2>}
    </header>
  );
}

export function ContinueReading({ part }: { part: ArticlePart }) {
  const next = part.parts[part.index + 1];
  if (!next) return null;
  return (
    <nav aria-label="Article parts" className="prose-width py-10 text-center" data-testid="article-next-part">
      <a href={next.route} rel="next" className="inline-block rounded-xl bg-violet-700 px-6 py-3 font-bold text-white hover:bg-violet-800">Continue reading: part {part.index + 2} of {part.parts.length} <span aria-hidden="true">→</span></a>
    </nav>
  );
}
