// The admin upload screen: an island, since signing in and uploading happen in the browser. The
// path suggestions are the platform guides' preview names, from site.config.yaml.
import type { BlockOf } from '../../model/page.ts';
import { previewPath } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Island } from '../island.tsx';

export function AdminUpload({ block }: { block: BlockOf<'admin-upload'> }) {
  const { site } = useRender();
  const suggestions = site.products.filter((p) => !p.bundles?.length).map(previewPath);
  return (
    <section id={block.id} aria-label="Preview upload" className="px-4 pb-16 sm:pb-20">
      <div className="mx-auto max-w-2xl">
        <Island name="admin-upload" props={{ defaultPath: block.defaultPath, suggestions, ...(block.text ? { intro: block.text } : {}) }} />
      </div>
    </section>
  );
}
