// 'Look inside': the guide's preview PDF from the public previews bucket, drawn by the PDF.js viewer
// island (loaded when the section nears the viewport), over a still of page 1 made at build time that
// is all a visitor without scripts sees; and a link to open the PDF itself. A guide without a preview
// source says 'Preview coming soon' until the viewer finds an uploaded file (pdf-viewer.island.tsx).
import type { BlockOf } from '../../model/page.ts';
import { previewPath, productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { Island } from '../island.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

function previewAddress(supabaseUrl: string, bucket: string, path: string): string {
  return `${supabaseUrl.replace(/\/$/, '')}/storage/v1/object/public/${bucket}/${path}`;
}

/** The viewer's settings from site.config.yaml's viewerUrl fragment (#view=Fit|FitH, #page=N), as PDF viewers read them. */
function viewerSettings(viewerUrl: string): { fit: 'Fit' | 'FitH'; startPage: number } {
  const params = new URLSearchParams(viewerUrl.split('#')[1] ?? '');
  const page = Number(params.get('page'));
  return { fit: params.get('view') === 'FitH' ? 'FitH' : 'Fit', startPage: Number.isInteger(page) && page > 0 ? page : 1 };
}

export function PdfPreview({ block }: { block: BlockOf<'pdf-preview'> }) {
  const { site, supabaseUrl, images, missingPreviews } = useRender();
  const product = productById(site, block.product);
  const pdf = previewAddress(supabaseUrl, site.previews.bucket, previewPath(product));
  const { fit, startPage } = viewerSettings(site.previews.viewerUrl);
  const missing = missingPreviews?.includes(product.id);
  return (
    <SectionShell id={block.id} className="bg-white">
      <SectionHeading title={block.heading} subtitle={block.text && <Inline text={block.text} />} />
      <div className="mx-auto max-w-3xl">
        {/* Without a preview source there is no still, and the file may yet be uploaded: the viewer asks the
            storage first, and until then (and without scripts) says 'Preview coming soon'. */}
        <Island
          name="pdf-viewer"
          hydrate="visible"
          props={{ url: pdf, title: product.title, height: block.height ?? site.previews.height, fit, startPage, ...(missing ? { checkFirst: { bucket: site.previews.bucket, path: previewPath(product) } } : { still: images?.previewStills[product.id] }) }}
        />
      </div>
    </SectionShell>
  );
}
