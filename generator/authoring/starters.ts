// Starter files for `npm run new`. Each validates as written and names its schema for editors; the
// article's read time is computed from its own body by the same count `npm run validate` uses, the
// platform page is filled from the product's catalogue entry with marked DRAFT copy, and a newsletter
// is a draft of DRAFT copy in the blocks a mail holds.
import { dirname, relative } from 'node:path';
import type { Product } from '../../model/schema.generated.ts';
import { EDITOR_SCHEMA_DIR } from './editor-schema.ts';
import { readTimeFor, fieldWords } from '../core/read-time.ts';

/**
 * The YAML language server's modeline: the editors' copy of the page schema (or `schema`), which also
 * offers the catalogue's product ids (written by `npm install` and `npm run dev`; see editor-schema.ts),
 * relative to the file written (`file` is project-relative).
 */
export function schemaModeline(file: string, schema = 'page.schema.json'): string {
  const path = relative(dirname(file), `${EDITOR_SCHEMA_DIR}/${schema}`).split('\\').join('/');
  return `# yaml-language-server: $schema=${path}`;
}

/** A starting title from a slug: "snapchat-streaks" gives "Snapchat Streaks". */
const titleOf = (slug: string) => slug.split('/').pop()!.split('-').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

/** A YAML double-quoted string (JSON's escapes are YAML's). */
const q = (text: string) => JSON.stringify(text);

const ARTICLE_BODY = `## Start with the reader's problem

Open with the moment your reader knows too well: the phone in their hand before they meant to pick it up.
Say what this article will help them do, in one or two plain sentences.

## Explain why it happens

Give the reason behind the habit. Keep paragraphs short, and **bold** the one idea a skimming reader
should not miss. Link to related reading, such as [the other articles](/blog), or to a guide on
[the home page](/).

### What to try today

- One small change they can make in the next five minutes
- One setting to switch off tonight
- One habit to replace, and what to put in its place

> A short quotation that sums up the point works well here.

End with what changes for the reader after a week of trying it.
`;

const ARTICLE_COPY = {
  description: 'Describe this article for search results.',
  excerpt: 'One or two sentences for the blog card.',
  callout: 'Keep each step small enough to do today.',
  ctaTitle: 'Ready for a plan?',
  ctaText: 'More articles turn these ideas into a day-by-day plan.',
};
const PAGE_DESCRIPTION = 'Describe this page for search results.';
const PAGE_BODY = `Write the page here. **Bold**, *italic* and [links](/blog) work.

## A heading

- A list item
- Another one
`;

/**
 * The copy the starters write for the marketer to replace (not the choices they make, such as the
 * category or the author): the studio marks what is still this text, and Publish refuses it on a
 * published page (generator/studio/example-copy.ts).
 */
export const starterPlaceholders = (): string[] => [...Object.values(ARTICLE_COPY), ARTICLE_BODY, PAGE_DESCRIPTION, PAGE_BODY];

export function articleStarter(file: string, name: string, today: string): string {
  const { callout, ctaTitle, ctaText } = ARTICLE_COPY;
  const ctaLabel = 'Read more';
  const words =
    fieldWords('markdown', ARTICLE_BODY) + fieldWords('inline', callout) + fieldWords('text', 'Tip') + fieldWords('text', ctaTitle) + fieldWords('inline', ctaText) + fieldWords('text', ctaLabel);
  const indented = ARTICLE_BODY.trimEnd().split('\n').map((l) => (l ? `      ${l}` : '')).join('\n');
  return `${schemaModeline(file)}
# An article: its card appears on /blog by itself. Write the body in the markdown block below
# (## and ### headings, - lists, > quotes, **bold**, *italic*, [links](/blog)), and mix in callout,
# cta, quote or alarm-banner blocks where they help. readTime must match the body at about
# 200 words a minute; \`npm run validate\` says the range it allows. Add \`draft: true\` to keep it
# out of the live site while you write, or \`publishAt: "2026-12-01"\` to publish it from that day.
template: article
title: ${q(titleOf(name))}
description: ${q(ARTICLE_COPY.description)}
article:
  excerpt: ${q(ARTICLE_COPY.excerpt)}
  category: Practical Tips
  date: "${today}"
  readTime: ${readTimeFor(words)}
  author:
    name: "Emma Rodriguez"
    title: "Digital Wellness Coach"
sections:
  - type: markdown
    text: |
${indented}
  - type: callout
    tone: tip
    title: "Tip"
    text: "${callout}"
  - type: cta
    title: "${ctaTitle}"
    text: "${ctaText}"
    label: "${ctaLabel}"
    href: "/blog"
`;
}

export function pageStarter(file: string, name: string): string {
  return `${schemaModeline(file)}
# A page at /${name}. Each block in \`sections\` has a \`type\`; your editor lists them all.
# Add \`draft: true\` to keep it out of the live site while you write.
title: ${q(name)}
description: ${q(PAGE_DESCRIPTION)}
sections:
  - type: page-title
    title: ${q(name)}
  - type: markdown
    text: |
${PAGE_BODY.trimEnd().split('\n').map((l) => (l ? `      ${l}` : '')).join('\n')}
`;
}

/**
 * A platform sales page for a catalogue product, every section filled with copy marked DRAFT: for a
 * marketer to replace. It is a draft, so the live site leaves the page and the product out until
 * `draft: true` is removed. `artwork` is the public path of an image to show meanwhile.
 */
export function platformStarter(file: string, product: Product, artwork: { src: string; width: number; height: number; own: boolean }): string {
  const { id, platform: name, title } = product;
  const days = `{planDays:${id}}`;
  const list = (items: string[], indent: string) => items.map((i) => `${indent}- ${q(i)}`).join('\n');
  const testimonial = (n: number) => `    - name: ${q(`DRAFT: Reader ${n}`)}
      role: ${q('DRAFT: Who they are, e.g. Teacher, 31')}
      content: ${q(`DRAFT: What changed for this reader after the ${name} plan, in their own words. Cards show 120 characters.`)}
      platform: ${q(name)}
      rating: 5`;
  return `${schemaModeline(file)}
# The sales page of "${title}", product "${id}" in site.config.yaml (prices, checkout and the
# preview come from there). Replace every text that starts with DRAFT:, then delete \`draft: true\`.
# Until then \`npm run dev\` shows the page with a 'Draft' ribbon, and \`npm run build\` leaves the page
# and the product out of the live site (cards, footer, sitemap).
template: platform
draft: true
title: ${q(`DRAFT: ${title}`)}
description: ${q(`DRAFT: ${product.description}`)}
platform:
  product: ${id}
  countdown: true
  headline: ${q(`DRAFT: The headline that makes a ${name} user stop scrolling`)}
  subheadline: ${q(`DRAFT: One or two sentences on what **${title}** changes, with its ${days}-day plan.`)}
  image:${artwork.own ? '' : `\n    # DRAFT: add public/images/platforms/${id}.svg and show it here.`}
    src: ${q(artwork.src)}
    alt: ${q('DRAFT: What the image shows, for screen readers')}
    width: ${artwork.width}
    height: ${artwork.height}
  preview:
    heading: ${q('DRAFT: Look Inside the Guide')}
    text: ${q(`DRAFT: Read the first pages of **${title}** before you buy.`)}
  problems:
    title: ${q('DRAFT: Sound familiar?')}
    items:
${list([`DRAFT: A ${name} habit your reader recognises, in their words`, 'DRAFT: What it costs them: time, sleep, mood', 'DRAFT: The moment they reach for the app without deciding to'], '      ')}
  solutions:
    title: ${q('DRAFT: What changes with the guide')}
    items:
${list(product.features.map((f) => `DRAFT: ${f}`), '      ')}
  testimonials:
${[1, 2, 3].map(testimonial).join('\n')}
  upgrade:
    heading: ${q('DRAFT: Break Free from Every Platform')}
    text: ${q(`DRAFT: Get the ${name} guide **plus** the {otherPlatforms:${id}} guides and the bonuses in the bundle.`)}
  includes:
${list([`DRAFT: The complete ${days}-day ${name} detox plan (PDF)`, 'DRAFT: A workbook for the hardest habit', 'DRAFT: Settings checklists for iPhone and Android', 'DRAFT: Daily check-in worksheets and a progress tracker', 'DRAFT: Relapse recovery guide and lifetime updates'], '    ')}
  faq:
    - question: ${q(`DRAFT: Do I have to delete my ${name} account?`)}
      answer: ${q('DRAFT: The honest answer, in two or three sentences.')}
    - question: ${q('DRAFT: How much time does the plan take each day?')}
      answer: ${q('DRAFT: Minutes a day, and what the reader gets back.')}
    - question: ${q("DRAFT: What if it doesn't work for me?")}
      answer: ${q('DRAFT: The {guaranteeDays}-day money-back guarantee, in plain words.')}
  final:
    heading: ${q('DRAFT: The closing line')}
    text: ${q(`DRAFT: Join {peopleHelped} people who took back their time. Start the ${days}-day plan today.`)}
`;
}

/**
 * A newsletter (newsletters/<slug>.yaml): a draft whose every text is marked DRAFT:, in the blocks a
 * mail holds. `npm run build` leaves it out until `draft: true` is deleted, and then refuses any DRAFT:
 * text left (core/draft-copy.ts).
 */
export function newsletterStarter(file: string, slug: string): string {
  return `${schemaModeline(file, 'newsletter.schema.json')}
# A newsletter. Its web version is /newsletters/${slug}; \`npm run build\` writes its mail to
# dist/newsletters/${slug}/mail.json, which /admin previews and sends to every confirmed subscriber.
# Write it in the blocks a mail holds (heading, paragraph, markdown, list, cta, callout, quote, image).
# Links to the site get utm_source=newsletter&utm_campaign=${slug} by themselves, and the build adds
# the foot: the unsubscribe link and the site's address. Replace every text that starts with DRAFT:,
# then delete \`draft: true\`.
draft: true
subject: ${q('DRAFT: The subject line, under 60 characters')}
preheader: ${q('DRAFT: The line an inbox shows after the subject')}
sections:
  - type: paragraph
    text: ${q('DRAFT: Open with the one idea of this letter, in two or three sentences.')}
  - type: heading
    text: ${q('DRAFT: What to try this week')}
  - type: list
    items:
      - ${q('DRAFT: One small step the reader can take today')}
      - ${q('DRAFT: A second one, and why it helps')}
  - type: cta
    title: ${q('DRAFT: Where to read more')}
    text: ${q('DRAFT: One sentence on what the link gives the reader.')}
    label: ${q('DRAFT: Read the article')}
    href: "/blog"
`;
}
