// The platform template: one layout for every platform sales page; pages differ only in data.
import type { PlatformSalesPage } from '../../../model/schema.generated.ts';
import type { BlockDraft } from '../../../model/page.ts';

/** The bundle every platform page offers as an upgrade. */
const UPGRADE_PRODUCT = 'ultimate';

export function expandPlatform(p: PlatformSalesPage): BlockDraft[] {
  const countdown = p.countdown;
  return [
    { type: 'platform-hero', product: p.product, headline: p.headline, subheadline: p.subheadline, countdown, image: p.image },
    { type: 'pdf-preview', id: 'preview', product: p.product, heading: p.preview.heading, text: p.preview.text },
    { type: 'problem-solution', problems: p.problems, solutions: p.solutions },
    { type: 'testimonial-cards', heading: 'What Readers Say', maxLength: 120, items: p.testimonials },
    { type: 'upgrade-box', product: UPGRADE_PRODUCT, heading: p.upgrade.heading, text: p.upgrade.text, label: 'Upgrade to the Ultimate Bundle' },
    { type: 'includes', heading: "What's Included", items: p.includes },
    { type: 'price-box', id: 'buy', product: p.product, countdown },
    { type: 'faq', heading: 'Frequently Asked Questions', items: p.faq },
    { type: 'buy-section', product: p.product, heading: p.final.heading, text: p.final.text },
  ];
}
