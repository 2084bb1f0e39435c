// sitemap.xml, robots.txt and the blog's RSS feed.
import { ADMIN_ROUTE, isAdminRoute, isUnlisted, type CompiledSite } from '../../model/page.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemap({ site, pages }: CompiledSite): string {
  const base = site.site.url.replace(/\/$/, '');
  const urls = pages.filter((p) => !isUnlisted(p)).map((p) => `  <url><loc>${esc(base + p.route)}</loc>${p.article ? `<lastmod>${p.article.date}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Disallow is a prefix: `/admin` covers /admin itself and everything under it (`/admin/` left /admin
 * open). A page of the site whose route merely starts with those letters (/administration) is allowed
 * by name, as the longer, more specific rule wins (RFC 9309).
 */
export function robots({ site, pages }: CompiledSite): string {
  const allowed = pages.filter((p) => p.route.startsWith(ADMIN_ROUTE) && !isAdminRoute(p.route)).map((p) => `Allow: ${p.route}\n`);
  return `User-agent: *\nDisallow: ${ADMIN_ROUTE}\n${allowed.join('')}Sitemap: ${site.site.url.replace(/\/$/, '')}/sitemap.xml\n`;
}

/** How many articles the feed holds: the latest, whatever the index features. */
export const FEED_SIZE = 50;

export function rss({ site, articles }: CompiledSite): string {
  const base = site.site.url.replace(/\/$/, '');
  const latest = [...articles].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)).slice(0, FEED_SIZE);
  const items = latest.map((a) => `  <item><title>${esc(a.title)}</title><link>${esc(base + a.route)}</link><guid>${esc(base + a.route)}</guid><pubDate>${new Date(`${a.date}T12:00:00Z`).toUTCString()}</pubDate><category>${esc(a.category)}</category><description>${esc(a.excerpt)}</description></item>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>\n  <title>${esc(site.site.name)} Blog</title>\n  <link>${esc(`${base}/blog`)}</link>\n  <description>${esc(site.site.description)}</description>\n${items.join('\n')}\n</channel></rss>\n`;
}
