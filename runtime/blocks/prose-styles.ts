// The classes of prose elements, shared by the heading, paragraph, list and quote blocks and by the
// markdown block, so prose looks the same however it is written.
export const PROSE = {
  h2: 'prose-width scroll-mt-20 font-extrabold text-gray-900 text-2xl sm:text-3xl mt-12 mb-4',
  h3: 'prose-width scroll-mt-20 font-extrabold text-gray-900 text-xl mt-8 mb-4',
  paragraph: 'prose-width mb-5 text-lg leading-relaxed text-gray-700',
  listBox: 'prose-width mb-6',
  list: (ordered: boolean) => `space-y-2 pl-7 text-lg leading-relaxed text-gray-700 ${ordered ? 'list-decimal' : 'list-disc'} marker:font-semibold marker:text-violet-700`,
  listItem: 'pl-1',
  quoteBox: 'prose-width my-8',
  quoteFigure: 'border-l-4 border-pink-500 pl-5',
  quote: 'text-xl italic leading-relaxed text-gray-800',
} as const;
