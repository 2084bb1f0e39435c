// Hand-written mentions of the catalogue that will go stale: a field of visible text (x-kind text, plain,
// inline, markdown: prose, headings, alt texts, descriptions; never a quote, a customer's own words)
// that lists some of a bundle's platforms but not all ("Instagram, TikTok and YouTube"), or counts them
// with a figure the bundle no longer has ("all four apps", "4 guides"). Each is a warning at the phrase,
// naming the token that keeps it true. Texts are read as written, tokens left out, so
// {otherPlatforms:facebook} is never taken for a short list. Which fields are read comes from the
// schemas' x-kind alone, so a new block's alt text or heading is read whatever it is called.
import { bundledProducts, countWord, isBundle } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import type { Product } from '../../model/schema.generated.ts';
import type { CheckedDoc } from './documents.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { locateIn, valueAt } from './source.ts';
import { TOKEN } from './tokens.ts';

const PROSE = new Set(['text', 'plain', 'inline', 'markdown']);
const NUMBER_WORDS = Array.from({ length: 11 }, (_, i) => countWord(i + 2));
// The words a count of the platforms is written with between figure and noun ("all four social apps",
// "Four small phones"); a short list, as any other word makes the phrase count something else.
const PLATFORM_WORD = `(?:(?:${['big', 'biggest', 'main', 'major', 'popular', 'small', 'little', 'social', 'social media', 'top', 'different', 'separate'].join('|')})\\s+)?`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Bundle {
  product: Product;
  members: Product[];
  names: Set<string>;
}

/** Warnings for every prose field of `docs` that lists or counts a bundle's platforms by hand. */
export function catalogueMentions(site: SiteConfig, docs: readonly CheckedDoc[]): Diagnostic[] {
  const bundles: Bundle[] = site.products.filter(isBundle).map((product) => {
    const members = bundledProducts(site, product);
    return { product, members, names: new Set(members.map((m) => m.platform)) };
  }).filter((b) => b.members.length >= 2);
  if (!bundles.length) return [];
  const names = [...new Set(bundles.flatMap((b) => [...b.names]))].sort((a, b) => b.length - a.length).map(escape).join('|');
  const name = `(?<![\\p{L}\\p{N}])(?:${names})(?![\\p{L}\\p{N}])`;
  // A list: two or more names joined by commas, "and", "or", "&" or "/".
  const listPattern = new RegExp(`${name}(?:(?:\\s*,\\s*(?:and\\s+|or\\s+|&\\s+)?|\\s+(?:and|or|&)\\s+|\\s*/\\s*)${name})+`, 'gu');
  const namePattern = new RegExp(name, 'gu');
  const number = `(?:\\d+|${NUMBER_WORDS.join('|')})`;
  // A count of the catalogue: "all four apps", "all 4 of the guides", "all four feeds", "five platforms",
  // "4 platform guides", "Four small phones" (an image's alt, one phone a platform); not the end of a
  // range ("two or three platforms"). Between the figure and the noun, only a word that describes the
  // platforms themselves: "three practical guides" or "five news feeds" are other things.
  const countPattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:(all\\s+(?:of\\s+)?(?:the\\s+|our\\s+)?)(${number})(?:\\s+of\\s+the)?\\s+${PLATFORM_WORD}(?:apps|platforms|guides|plans|networks|feeds|phones)|(?<!(?:or|to|-)\\s*)(${number})\\s+${PLATFORM_WORD}(?:platforms|platform guides|guides|feeds|phones))(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const counts = new Set(bundles.map((b) => b.members.length));

  const out: Diagnostic[] = [];
  for (const doc of docs) {
    doc.fields.forEach((field) => {
      if (!PROSE.has(field.kind)) return;
      const written = valueAt(doc.written ?? doc.source.data, field.path);
      if (typeof written !== 'string') return;
      const text = written.replace(TOKEN, (t) => ' '.repeat(t.length));
      const seen = new Map<string, number>();
      const at = (phrase: string) => {
        const nth = seen.get(phrase) ?? 0;
        seen.set(phrase, nth + 1);
        return locateIn(doc.source, field.path, phrase, nth);
      };
      for (const m of text.matchAll(listPattern)) {
        const phrase = m[0];
        const listed = new Set(phrase.match(namePattern) ?? []);
        if (listed.size < 2 || bundles.some((b) => sameSet(b.names, listed))) continue;
        const bundle = bundles.find((b) => [...listed].every((n) => b.names.has(n)));
        if (!bundle) continue;
        const or = /\sor\s/.test(phrase);
        const missing = bundle.members.filter((p) => !listed.has(p.platform));
        // The text names the product it is written from ("the Facebook guide plus Instagram, TikTok
        // and YouTube"): the list is that product's other platforms.
        const rest = text.slice(0, m.index) + text.slice(m.index + phrase.length);
        const own = missing.find((p) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(p.platform)}(?![\\p{L}\\p{N}])`, 'u').test(rest));
        const token = own ? `{otherPlatforms${or ? 'Or' : ''}:${own.id}}` : `{platforms${or ? 'Or' : ''}:${bundle.product.id}}`;
        const left = missing.filter((p) => p !== own).map((p) => p.platform);
        out.push(diagnostic('CatalogueListByHand', at(phrase), phrase, listed.size, bundle.members.length, bundle.product.id, left, token));
      }
      for (const m of text.matchAll(countPattern)) {
        const figure = (m[2] ?? m[3])!;
        const n = /^\d+$/.test(figure) ? Number(figure) : NUMBER_WORDS.indexOf(figure.toLowerCase()) + 2;
        // Without "all", a count is the catalogue's only when it is the bundle's or near it (a count
        // written before a platform joined): "two guides" in an article's advice is not.
        if (counts.has(n) || n < 2) continue;
        const bundle = bundles[0]!;
        if (!m[1] && Math.abs(n - bundle.members.length) > 1) continue;
        const token = /^\d+$/.test(figure) ? `{count:${bundle.product.id}}` : /^[A-Z]/.test(figure) ? `{CountWord:${bundle.product.id}}` : `{countWord:${bundle.product.id}}`;
        out.push(diagnostic('CatalogueCountByHand', at(m[0]), m[0], figure, bundle.product.id, bundle.members.length, token));
      }
    });
  }
  return out;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));
