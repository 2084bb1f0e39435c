// Every block schema carries `examples`, and every example is a working block: it is a valid section,
// its catalogue tokens resolve, it renders through the registry, and the text it holds is on the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { blockSchemaFiles, loadSchemas } from '../../generator/core/schemas.ts';
import { studioSchemas } from '../../generator/studio/schemas-for-ui.ts';
import { substituteTokens } from '../../generator/core/tokens.ts';
import type { PageDefinition, Block, SiteConfig } from '../../model/page.ts';
import { RenderProvider, type RenderContext } from '../../runtime/context.tsx';
import { RenderBlock } from '../../runtime/registry.tsx';
import { fixtureDir, projectRoot } from './fixture.ts';

const schemasDir = join(projectRoot, 'schemas');
// The examples' tokens are filled from a frozen catalogue (the blog-site fixture's), not the live one.
const site = parse(readFileSync(join(fixtureDir('blog-site'), 'site.config.yaml'), 'utf8')) as SiteConfig;
const { validatePage, validateSection } = loadSchemas(schemasDir);
/** Blocks a page written by hand may hold; the others (the article's header and footer) only a template writes. */
const onPages = studioSchemas(projectRoot).blocksByTemplate.page!;

/** Fields whose strings are never visible text: block type, anchors, addresses, product ids, enums. */
const NOT_TEXT = new Set(['type', 'id', 'href', 'src', 'download', 'product', 'products', 'featured', 'bundles', 'tone', 'level', 'variant', 'colour']);

/**
 * Fields a particular block legitimately does not show as text, as patterns on the field's dotted
 * path inside the block (e.g. "items.0.content").
 */
const NOT_SHOWN: Record<string, RegExp[]> = {
  // The island prerenders only the route's heading and "Checking whether you are signed in…"; the
  // upload instructions and path field appear once the browser knows who is signed in.
  'admin-app': [/^uploadIntro$/, /^defaultPath$/],
  // A chip is shown only for a category that has listed articles, and the example renders with none.
  'blog-index': [/^categories\.\d+$/],
  // The ISO date is shown formatted ("January 27, 2025"); the ISO form is only the dateTime attribute.
  'article-header': [/^date$/],
  // The items are keys of `stats` in site.config.yaml; the block shows their labels and values.
  'site-stats': [/^items\.\d+$/],
  // Each testimonial is cut to maxLength with an ellipsis; the platform is not shown on the cards.
  'testimonial-cards': [/^items\.\d+\.content$/, /^items\.\d+\.platform$/],
  // The carousel prerenders its first slide only; the others are shown as it turns.
  testimonials: [/^items\.[1-9]\d*\./],
  // The subscriber's pages prerender their heading and text; what the link turns out to be (the button,
  // the done, used or unknown states, the way back and the sign-up link) shows once the island reads it.
  'newsletter-confirm': [/^buttonLabel$/, /^done(Heading|Text)$/, /^signUp\.label$/],
  'newsletter-unsubscribe': [/^(leave|erase)Label$/, /^eraseText$/, /^back\.label$/, /^(left|erased)(Heading|Text)$/, /^signUp\.label$/],
};

interface Schema {
  properties: Record<string, { const?: string; 'x-kind'?: string }>;
  examples?: unknown[];
}

const blocks = blockSchemaFiles(schemasDir).map((file) => {
  const schema = JSON.parse(readFileSync(join(schemasDir, 'blocks', file), 'utf8')) as Schema;
  // Fields the schema declares as Markdown prose (headings, lists, quotes), e.g. the markdown block's text.
  const prose = new Set(Object.entries(schema.properties).filter(([, p]) => p['x-kind'] === 'markdown').map(([k]) => k));
  return { file, type: schema.properties.type?.const ?? file.replace('.schema.json', ''), examples: schema.examples ?? [], prose };
});

/** Every string in `value` with its dotted path, e.g. ["items.0.question", "How quickly…"]. */
function strings(value: unknown, path: string[] = []): [string[], string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

/** The words a reader sees of inline markup: [label](href) -> label, no ** or * markers. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/\*([^*\s][^*]*)\*/g, '$1');
}

/** The lines a reader sees of Markdown prose: no ## heading, - or 1. list or > quote markers. */
function proseLines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/^(?:\s*(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+))+/, ''));
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

function decode(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return named[e.toLowerCase()] ?? whole;
  });
}

/** Inline elements: their tags join text without a break, e.g. "take <strong>back</strong>, then". */
const INLINE_TAG = /<\/?(?:a|b|em|i|s|small|span|strong|time)\b[^>]*>/gi;

/** The text content of rendered HTML: no scripts, no tags, entities decoded, whitespace normalised. */
function textOf(html: string): string {
  const noScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ');
  return normalise(decode(noScripts.replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' ')));
}

/** The decoded values of every alt attribute in rendered HTML. */
function altsOf(html: string): string[] {
  return [...html.matchAll(/\salt="([^"]*)"/g)].map((m) => normalise(decode(m[1]!)));
}

function render(block: Block): string {
  const page: PageDefinition = {
    route: '/block-example',
    file: 'schemas/blocks',
    title: 'x',
    description: 'x',
    header: 'site',
    template: 'page',
    sections: [block],
  };
  const ctx: RenderContext = {
    site,
    articles: [],
    page,
    supabaseUrl: 'http://127.0.0.1:54321',
    now: new Date('2026-01-15T12:00:00Z'),
    islandSeq: { next: 0 },
    islands: new Set<string>(),
  };
  return renderToStaticMarkup(createElement(RenderProvider, { value: ctx }, createElement(RenderBlock, { block })));
}

describe('block schema examples', () => {
  it('are read from every block schema', () => {
    expect(blocks.length).toBeGreaterThan(25);
  });

  describe.each(blocks)('$file', ({ type, examples, prose }) => {
    it('has at least one example', () => {
      expect(examples.length).toBeGreaterThan(0);
    });

    it.each(examples.map((example, i) => [i, example] as const))('example %i validates, renders and shows its text', (_i, example) => {
      // Validation applies schema defaults to the data, as the build does; the schema's copy stays as written.
      // A block only a template writes is validated as the template's output is: alone.
      const doc = { title: 'x', description: 'x', sections: [structuredClone(example)] };
      const validate = onPages.includes(type) ? validatePage : validateSection;
      const valid = validate(onPages.includes(type) ? doc : doc.sections[0]);
      expect(valid, JSON.stringify(validate.errors, null, 2)).toBe(true);

      const { data, errors } = substituteTokens(doc.sections[0], site);
      expect(errors).toEqual([]);
      const block = data as Block;
      expect(block.type).toBe(type);

      const html = render(block);
      const text = textOf(html);
      const alts = altsOf(html);
      const excluded = NOT_SHOWN[type] ?? [];
      const missing: string[] = [];
      for (const [path, value] of strings(block)) {
        const field = [...path].reverse().find((p) => !/^\d+$/.test(p));
        if (field && NOT_TEXT.has(field)) continue;
        if (excluded.some((re) => re.test(path.join('.')))) continue;
        const lines = path.length === 1 && prose.has(path[0]!) ? proseLines(value) : [value];
        for (const line of lines) {
          const want = normalise(plain(line));
          if (!want) continue;
          // An image's alt text is an attribute, not text content.
          const found = field === 'alt' ? alts.includes(want) : text.includes(want);
          if (!found) missing.push(`${path.join('.')}: ${want}`);
        }
      }
      expect(missing, `rendered text:\n${text}`).toEqual([]);
    });
  });
});
