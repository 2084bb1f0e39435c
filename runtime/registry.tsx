// The block registry: one component per block type. Its type is derived from the generated Section
// union, so a block schema without a component here is a compile error.
import type { ReactNode } from 'react';
import type { BlockOf, BlockType } from '../model/page.ts';
import { AdminAppBlock } from './blocks/admin-app.tsx';
import { AlarmBanner } from './blocks/alarm-banner.tsx';
import { ArticleFooter } from './blocks/article-footer.tsx';
import { ArticleHeader } from './blocks/article-header.tsx';
import { BlogIndex } from './blocks/blog-index.tsx';
import { BonusCards } from './blocks/bonus-cards.tsx';
import { BundleHero } from './blocks/bundle-hero.tsx';
import { BuySection } from './blocks/buy-section.tsx';
import { Callout } from './blocks/callout.tsx';
import { ContactForm } from './blocks/contact-form.tsx';
import { Cta } from './blocks/cta.tsx';
import { EmailCapture } from './blocks/email-capture.tsx';
import { Faq } from './blocks/faq.tsx';
import { Heading } from './blocks/heading.tsx';
import { Hero } from './blocks/hero.tsx';
import { Includes } from './blocks/includes.tsx';
import { List } from './blocks/list.tsx';
import { Markdown } from './blocks/markdown.tsx';
import { NotFound } from './blocks/not-found.tsx';
import { PageTitle } from './blocks/page-title.tsx';
import { Paragraph } from './blocks/paragraph.tsx';
import { PdfPreview } from './blocks/pdf-preview.tsx';
import { PlatformHero } from './blocks/platform-hero.tsx';
import { PlatformTiles } from './blocks/platform-tiles.tsx';
import { PriceBox } from './blocks/price-box.tsx';
import { ProblemSolution } from './blocks/problem-solution.tsx';
import { Problem } from './blocks/problem.tsx';
import { Products } from './blocks/products.tsx';
import { Quote } from './blocks/quote.tsx';
import { SiteStats } from './blocks/site-stats.tsx';
import { TestimonialCards } from './blocks/testimonial-cards.tsx';
import { Testimonials } from './blocks/testimonials.tsx';
import { UpgradeBox } from './blocks/upgrade-box.tsx';

export type BlockComponent<T extends BlockType> = (props: { block: BlockOf<T> }) => ReactNode;
export type Registry = { [T in BlockType]: BlockComponent<T> };

export const registry: Registry = {
  'admin-app': AdminAppBlock,
  'alarm-banner': AlarmBanner,
  'article-footer': ArticleFooter,
  'article-header': ArticleHeader,
  'blog-index': BlogIndex,
  'bonus-cards': BonusCards,
  'bundle-hero': BundleHero,
  'buy-section': BuySection,
  callout: Callout,
  'contact-form': ContactForm,
  cta: Cta,
  'email-capture': EmailCapture,
  faq: Faq,
  heading: Heading,
  hero: Hero,
  includes: Includes,
  list: List,
  markdown: Markdown,
  'not-found': NotFound,
  'page-title': PageTitle,
  paragraph: Paragraph,
  'pdf-preview': PdfPreview,
  'platform-hero': PlatformHero,
  'platform-tiles': PlatformTiles,
  'price-box': PriceBox,
  problem: Problem,
  'problem-solution': ProblemSolution,
  products: Products,
  quote: Quote,
  'site-stats': SiteStats,
  'testimonial-cards': TestimonialCards,
  testimonials: Testimonials,
  'upgrade-box': UpgradeBox,
};

export function RenderBlock<T extends BlockType>({ block }: { block: BlockOf<T> }) {
  const Component = registry[block.type as T] as BlockComponent<T>;
  return <Component block={block} />;
}
