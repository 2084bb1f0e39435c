// A long article is built as parts, each a whole page within the first round trip (issue 40: every
// route's HTML, headers included, at most 14,600 B brotli, whatever the article's length). The first part
// keeps the article's route; part n (from 2) is `<route>/<n>`. Each part ends with a plain link to the
// next and starts with one back to the previous, so a reader without script reads it all, and the table of
// contents on the first part links to each heading where it is.
//
// Why a split chosen here, by the text's size, rather than a continuation fetched by script: a fetch
// needs script on pages that otherwise ship none, and a page measured after rendering cannot add routes
// the sitemap, the links and the incremental build already know. The weight of a section is its share of
// the article's compressed definition (brotli over its text and fields as JSON, once per long article):
// prose that compresses badly weighs more, as it does in the page. On the site's 28 articles a page's
// brotli at quality 5 is about 5.8 kB (its header, CSS, footer) plus 1.28 times that weight, give or take
// 300 B; a page over the first round trip is compressed again at 11 (stages/precompress.ts), about 15%
// less, so a part at the limit still fits with a kilobyte to spare. The round-trip test
// (tests/unit/round-trip-budget.test.ts) holds the budget on a long article of text brotli cannot fold,
// and `npm run bench` on every built route. A part holds whole sections, so one section heavier than a part
// (a markdown block of many thousand words) still makes a page over the budget, which the bench names.
import { brotliCompressSync, constants } from 'node:zlib';
import { chapterTitles } from '../../../model/markup.ts';
import { shownSections, type Block, type PageDefinition } from '../../../model/page.ts';
import type { CheckedDoc } from '../documents.ts';

/** The most compressed weight a part holds: (5.8 kB + 1.28 × 7,000 B) × 0.85 at quality 11, and 1,062 B of
 * headers, is about 13.6 kB, within 14,600 B. */
export const ARTICLE_PART_WEIGHT = 7_000;

/** A table of contents' entry costs its heading's text again, and its markup (a later part's address in its link). */
const TOC_ENTRY_CHARS = 100;

/** Each section's characters; the table of contents, which the first part carries whole, counts on the first section. */
function charsOf(sections: readonly Block[]): number[] {
  const chars = sections.map((s) => JSON.stringify(s).length);
  const contents = sections.flatMap(chapterTitles).reduce((sum, t) => sum + t.length + TOC_ENTRY_CHARS, 0);
  if (chars.length) chars[0]! += contents;
  return chars;
}

/** Each section's weight: its characters times the article's brotli ratio (not compressed at all when even uncompressed it is light). */
function weightsOf(sections: readonly Block[], limit: number): number[] {
  const chars = charsOf(sections);
  const total = chars.reduce((a, b) => a + b, 0);
  if (total <= limit) return chars;
  const json = JSON.stringify(sections);
  const ratio = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length / json.length;
  return chars.map((c) => c * ratio);
}

/** Where each part starts: parts of about equal weight, none over the limit, each starting at a heading (a chapter's if one will do) where the part before keeps at least half its share. */
export function partStarts(sections: readonly Block[], limit = ARTICLE_PART_WEIGHT): number[] {
  const weights = weightsOf(sections, limit);
  const total = weights.reduce((a, b) => a + b, 0);
  const count = Math.ceil(total / limit);
  if (count <= 1) return [0];
  // A part may run a little over its share to end before a heading, never over the limit.
  const cap = Math.min(limit, (total / count) * 1.15);
  const starts = [0];
  const sum = (from: number, to: number) => weights.slice(from, to).reduce((a, b) => a + b, 0);
  // The template's last block (the footer) never starts a part: it ends the last one.
  for (let i = 1; i < sections.length - 1; i++) {
    const start = starts.at(-1)!;
    if (sum(start, i + 1) <= cap) continue;
    // A chapter's heading (level 2) first, so a part's headings follow its title in order; any heading next.
    const last = (level: number) => sections.slice(start + 1, i + 1).findLastIndex((s) => s.type === 'heading' && s.level <= level) + start + 1;
    const at = [last(2), last(6)].find((h) => h > start && sum(start, h) >= cap / 2);
    starts.push(at ?? i);
  }
  return starts;
}

/** The route of an article's part `index` (0 is the article's own). */
export const partRoute = (route: string, index: number) => (index === 0 ? route : `${route}/${index + 1}`);

/** Whether a page is built in parts: an article's, not under an experiment (its variants are built from the one page). */
const splits = (page: PageDefinition) => page.template === 'article' && !!page.article && !page.experiment;

/**
 * Before the cross-check: each long article's later parts as documents of the article's file, holding the
 * sections shown on them, so a page file or a blog listing at a part's address is a duplicate route
 * (an article `pages/blog/page.yaml` long enough for two parts would otherwise make `/blog/page/2`, the
 * blog's second listing page, twice), and a link to a part and its #anchors resolves as the page does.
 */
export function checkArticleParts(docs: readonly CheckedDoc[]): CheckedDoc[] {
  return docs.flatMap((doc) =>
    doc.page?.article
      ? withArticleParts([doc.page])
          .slice(1)
          .map((part) => ({ source: doc.source, fields: [], page: { ...part, sections: shownSections(part).sections } }))
      : [],
  );
}

/** Each article too heavy for one page, as its parts; every other page as it is. */
export function withArticleParts(pages: readonly PageDefinition[]): PageDefinition[] {
  return pages.flatMap((page) => {
    if (!splits(page)) return [page];
    const starts = partStarts(page.sections);
    if (starts.length === 1) return [page];
    const parts = starts.map((from, index) => ({ route: partRoute(page.route, index), from }));
    return parts.map(({ route }, index): PageDefinition => {
      const part = { index, parts, of: page.article! };
      if (index === 0) return { ...page, part };
      const of = `part ${index + 1} of ${parts.length}`;
      return { ...page, route, part, article: undefined, title: `${page.title} (${of})`, description: `${page.description} This is ${of}.` };
    });
  });
}
