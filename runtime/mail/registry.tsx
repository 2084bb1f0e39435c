// The mail version of each block a mail may hold (model/newsletter.ts MAIL_BLOCKS, the types
// schemas/newsletter.schema.json allows): typed from that list, so a block allowed in a mail without a
// mail version here is a compile error, and tests/unit/newsletter-render.test.ts holds the list and the
// schema together.
import type { ReactNode } from 'react';
import type { MailBlock, MailBlockType } from '../../model/newsletter.ts';
import { MailCallout } from './blocks/callout.tsx';
import { MailCta } from './blocks/cta.tsx';
import { MailHeading } from './blocks/heading.tsx';
import { MailImage } from './blocks/image.tsx';
import { MailList } from './blocks/list.tsx';
import { MailMarkdown } from './blocks/markdown.tsx';
import { MailParagraph } from './blocks/paragraph.tsx';
import { MailQuote } from './blocks/quote.tsx';

type MailComponent<T extends MailBlockType> = (props: { block: Extract<MailBlock, { type: T }> }) => ReactNode;

export const mailRegistry: { [T in MailBlockType]: MailComponent<T> } = {
  callout: MailCallout,
  cta: MailCta,
  heading: MailHeading,
  image: MailImage,
  list: MailList,
  markdown: MailMarkdown,
  paragraph: MailParagraph,
  quote: MailQuote,
};

export function RenderMailBlock({ block }: { block: MailBlock }) {
  const Component = mailRegistry[block.type] as MailComponent<MailBlockType>;
  return <Component block={block} />;
}
