// Starter files for `npm run new`. Each validates as written; the article's read time is computed
// from its own body by the same count `npm run validate` uses.
import { readTimeFor, fieldWords } from './read-time.ts';

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

export function articleStarter(name: string, today: string): string {
  const callout = 'Keep each step small enough to do today.';
  const ctaTitle = 'Ready for a plan?';
  const ctaText = 'More articles turn these ideas into a day-by-day plan.';
  const ctaLabel = 'Read more';
  const words =
    fieldWords('markdown', ARTICLE_BODY) + fieldWords('inline', callout) + fieldWords('text', 'Tip') + fieldWords('text', ctaTitle) + fieldWords('inline', ctaText) + fieldWords('text', ctaLabel);
  const indented = ARTICLE_BODY.trimEnd().split('\n').map((l) => (l ? `      ${l}` : '')).join('\n');
  return `# yaml-language-server: $schema=../../schemas/page.schema.json
# An article: its card appears on /blog by itself. Write the body in the markdown block below
# (## and ### headings, - lists, > quotes, **bold**, *italic*, [links](/blog)), and mix in callout,
# cta, quote or alarm-banner blocks where they help. readTime must match the body at about
# 200 words a minute; \`npm run validate\` says the range it allows.
template: article
title: "${name}"
description: "Describe this article for search results."
article:
  excerpt: "One or two sentences for the blog card."
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
