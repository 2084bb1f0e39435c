// The table of contents of a long article: its `##` headings, from heading blocks and from markdown
// blocks (through the one parser), each given an id the contents link to. Prerendered, no script.
import { createContext, useContext } from 'react';
import { chapterTitles } from '../model/markup.ts';
import type { PageDefinition, Block } from '../model/page.ts';
import { keepTogether } from './keep-together.tsx';

/** Articles longer than this many minutes get a table of contents. */
export const TOC_MIN_MINUTES = 8;

export interface OutlineEntry {
  text: string;
  id: string;
}

/** The ids of each section's level-2 headings, in order; empty when the page has no contents. */
const HeadingIds = createContext<Map<Block, string[]>>(new Map());
export const HeadingIdsProvider = HeadingIds.Provider;

/** The ids the section's level-2 headings carry, in order, if the page has a table of contents. */
export function useHeadingIds(section: Block): readonly string[] {
  return useContext(HeadingIds).get(section) ?? [];
}

export function useHeadingId(section: Block, n: number): string | undefined {
  return useHeadingIds(section)[n];
}

const slug = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'section';

/** The article's outline and the heading ids by section, or undefined when it gets no contents. */
export function articleOutline(page: PageDefinition): { entries: OutlineEntry[]; ids: Map<Block, string[]> } | undefined {
  if (!page.article || page.article.readTime <= TOC_MIN_MINUTES) return undefined;
  const taken = new Set<string>();
  const unique = (text: string, own?: string) => {
    if (own) return taken.add(own), own;
    let id = slug(text);
    for (let n = 2; taken.has(id); n++) id = `${slug(text)}-${n}`;
    taken.add(id);
    return id;
  };
  const entries: OutlineEntry[] = [];
  const ids = new Map<Block, string[]>();
  for (const s of page.sections) {
    const texts = chapterTitles(s);
    if (!texts.length) continue;
    const sectionIds = texts.map((text, i) => unique(text, s.type === 'heading' && i === 0 ? s.id : undefined));
    ids.set(s, sectionIds);
    texts.forEach((text, i) => entries.push({ text, id: sectionIds[i]! }));
  }
  return entries.length >= 2 ? { entries, ids } : undefined;
}

export function TableOfContents({ entries }: { entries: OutlineEntry[] }) {
  return (
    <nav aria-labelledby="toc-heading" className="prose-width my-8" data-testid="toc">
      <div className="rounded-2xl border border-violet-200 bg-violet-50 p-6">
        <h2 id="toc-heading" className="text-lg font-extrabold text-gray-900">In this article</h2>
        {/* Not numbered: headings often carry their own numbers ('Step 1: ...'). */}
        <ul className="mt-3 space-y-1 border-l-2 border-violet-300 pl-4">
          {entries.map((e) => (
            <li key={e.id}>
              <a href={`#${e.id}`} className="inline-block py-1 font-medium text-violet-800 underline-offset-2 hover:underline">{keepTogether(e.text)}</a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

