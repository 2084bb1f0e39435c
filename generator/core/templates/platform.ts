// The platform template: one layout for every platform sales page; pages differ only in data.
import type { PlatformSalesPage } from '../../../model/schema.generated.ts';
import type { BlockDraft } from '../../../model/page.ts';

/** The bundle every platform page offers as an upgrade. */
const UPGRADE_PRODUCT = 'ultimate';

type Fields = Record<string, unknown>;

/**
 * The page's blocks. A variant of the page's experiment (`platform.variants`, issue 41) is laid out
 * by the same template from the platform's fields with its own replacing them; what it changes in each
 * block is written as that block's `variants`, so the experiment's split (core/experiments.ts) builds
 * it as it builds a variant of blocks written by hand.
 */
export function expandPlatform(platform: PlatformSalesPage): BlockDraft[] {
  const { variants, ...own } = platform;
  const control = layout(own);
  for (const [variant, override] of Object.entries(variants ?? {})) {
    layout({ ...own, ...override } as PlatformSalesPage).forEach((block, i) => {
      const changed = changedFields(control[i]!, block);
      if (!changed) return;
      const section = control[i] as BlockDraft & { variants?: Record<string, Fields> };
      section.variants = { ...section.variants, [variant]: changed };
    });
  }
  return control;
}

/** The fields of `variant` whose value differs from `control`'s, or undefined when none does. */
function changedFields(control: object, variant: object): Fields | undefined {
  const before = control as Fields;
  const out = Object.fromEntries(Object.entries(variant).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k])));
  return Object.keys(out).length ? out : undefined;
}

function layout(p: Omit<PlatformSalesPage, 'variants'>): BlockDraft[] {
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
