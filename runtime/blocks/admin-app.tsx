// The owner's admin area on an admin page: the client-side app as an island, prerendered as the
// route's shell. The previews it tracks are the platform guides of site.config.yaml; the insights
// screen gets the catalogue (routes, list prices) and the declared funnels the same way, and the
// newsletters screen the published newsletters this build wrote a mail for.
import type { BlockOf } from '../../model/page.ts';
import { isBundle, previewPath } from '../../model/catalogue.ts';
import { databaseCatalogue } from '../../model/sales/catalogue.ts';
import { useRender } from '../context.tsx';
import { Island } from '../island.tsx';
import type { FunnelConfig } from '../backend/insights.ts';

/** The funnels declared in site.config.yaml (analytics.funnels), read without assuming the config declares any. */
const funnelsOf = (site: unknown): FunnelConfig[] => (site as { analytics?: { funnels?: FunnelConfig[] } }).analytics?.funnels ?? [];

export function AdminAppBlock({ block }: { block: BlockOf<'admin-app'> }) {
  const { site, page, experiments, newsletters, routeProducts, now } = useRender();
  const running = experiments?.() ?? [];
  const published = newsletters?.() ?? [];
  const products = site.products.map((p) => ({ id: p.id, title: p.title, route: p.route, price: p.price, bundle: isBundle(p) }));
  const previews = site.products.filter((p) => !isBundle(p)).map((p) => ({ product: p.id, title: p.title, path: previewPath(p) }));
  return (
    <section id={block.id} aria-label="Admin">
      <Island
        name="admin-app"
        // The app is the whole page.
        hydrate="load"
        props={{
          route: page.route,
          siteName: site.site.name,
          previews,
          defaultPath: block.defaultPath,
          products,
          funnels: funnelsOf(site),
          // Its version is the build's time: the database refuses it once a newer build's is published.
          catalogue: databaseCatalogue(site.products, site.checkout?.currency ?? 'USD', Object.fromEntries(running.map((e) => [e.route, { id: e.id, arms: e.arms }])), routeProducts?.() ?? [], now.toISOString()),
          ...(block.uploadIntro ? { uploadIntro: block.uploadIntro } : {}),
          // Absent without an experiment, so the admin's pages are as they were.
          ...(running.length ? { experiments: running } : {}),
          ...(published.length ? { newsletters: published } : {}),
        }}
      />
    </section>
  );
}
