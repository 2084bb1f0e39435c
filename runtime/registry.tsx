// The block registry: one component per block type. Its type is derived from the generated Section
// union, so a block schema without a component here is a compile error.
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
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
import { Image } from './blocks/image.tsx';
import { Includes } from './blocks/includes.tsx';
import { List } from './blocks/list.tsx';
import { Markdown } from './blocks/markdown.tsx';
import { NewsletterConfirm } from './blocks/newsletter-confirm.tsx';
import { NewsletterUnsubscribe } from './blocks/newsletter-unsubscribe.tsx';
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
  image: Image,
  includes: Includes,
  list: List,
  markdown: Markdown,
  'newsletter-confirm': NewsletterConfirm,
  'newsletter-unsubscribe': NewsletterUnsubscribe,
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

/**
 * A block, with its id and type written on its outermost element (data-block, data-block-type), for every
 * block alike: the analytics beacon (client/beacon.ts) counts a click on a link inside it as that block's
 * call to action. The block's components are called here until the first element of the page's markup
 * (blocks render on the server only, so calling them in place is how React would); a wrapper element
 * instead would break the CSS that joins neighbouring sections (site.css, `section + section`). A block
 * whose outermost markup is a fragment or text carries no attributes.
 */
export function RenderBlock<T extends BlockType>({ block }: { block: BlockOf<T> }) {
  const Component = registry[block.type as T] as BlockComponent<T>;
  let node: ReactNode = Component({ block });
  while (isValidElement(node) && typeof node.type === 'function') node = (node.type as (p: unknown) => ReactNode)(node.props);
  if (!isValidElement(node) || typeof node.type !== 'string') return node;
  const id = (block as { id?: string }).id;
  return cloneElement(node as ReactElement<Record<string, unknown>>, { 'data-block-type': block.type, ...(id ? { 'data-block': id } : {}) });
}
