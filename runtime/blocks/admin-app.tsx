// The owner's admin area on an admin page: the client-side app as an island, prerendered as the
// route's shell. The previews it tracks are the platform guides of site.config.yaml.
import type { BlockOf } from '../../model/page.ts';
import { isBundle, previewPath } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Island } from '../island.tsx';

export function AdminAppBlock({ block }: { block: BlockOf<'admin-app'> }) {
  const { site, page, experiments } = useRender();
  const running = experiments?.() ?? [];
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
          ...(block.uploadIntro ? { uploadIntro: block.uploadIntro } : {}),
          // Absent without an experiment, so the admin's pages are as they were.
          ...(running.length ? { experiments: running } : {}),
        }}
      />
    </section>
  );
}
