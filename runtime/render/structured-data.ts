// Schema.org JSON-LD for search engines, from the catalogue and the page: a Product with its Offer on
// every sales page, a BlogPosting on articles, an FAQPage wherever a FAQ block is, and the Organization
// and WebSite on the landing page. Prices come from site.config.yaml, like everywhere else.
import { inlinePlain, parseInline } from '../../model/markup.ts';
import type { CompiledSite, PageDefinition } from '../../model/page.ts';

type Thing = Record<string, unknown> & { '@type': string };

const plain = (text: string) => inlinePlain(parseInline(text));

export function structuredData(compiled: CompiledSite, page: PageDefinition, socialImage: string | undefined): Thing[] {
  const { site } = compiled;
  const base = site.site.url.replace(/\/$/, '');
  const url = `${base}${page.route === '/' ? '/' : page.route}`;
  const logo = `${base}/apple-touch-icon.png`;
  const organization: Thing = { '@type': 'Organization', name: site.site.name, url: `${base}/`, logo };
  const out: Thing[] = [];
  if (page.route === '/') {
    out.push({ ...organization, description: site.site.description });
    out.push({ '@type': 'WebSite', name: site.site.name, url: `${base}/`, description: site.site.description, publisher: { '@type': 'Organization', name: site.site.name } });
  }
  for (const product of site.products.filter((p) => p.route === page.route)) {
    out.push({
      '@type': 'Product',
      name: product.title,
      description: product.description,
      ...(socialImage ? { image: socialImage } : {}),
      brand: { '@type': 'Brand', name: site.site.name },
      offers: {
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: site.checkout.currency,
        availability: 'https://schema.org/InStock',
        url: `${base}${product.route}`,
      },
    });
  }
  if (page.article) {
    const a = page.article;
    out.push({
      '@type': 'BlogPosting',
      headline: a.title,
      description: a.excerpt,
      author: { '@type': 'Person', name: a.author.name, jobTitle: a.author.title },
      datePublished: a.date,
      dateModified: a.date,
      ...(socialImage ? { image: socialImage } : {}),
      mainEntityOfPage: url,
      publisher: organization,
      articleSection: a.category,
    });
  }
  const questions = page.sections.flatMap((s) => (s.type === 'faq' ? s.items : []));
  if (questions.length) {
    out.push({
      '@type': 'FAQPage',
      mainEntity: questions.map((q) => ({ '@type': 'Question', name: plain(q.question), acceptedAnswer: { '@type': 'Answer', text: plain(q.answer) } })),
    });
  }
  return out.map((thing) => ({ '@context': 'https://schema.org', ...thing }));
}

/** JSON for a <script> element: '<' escaped, so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
