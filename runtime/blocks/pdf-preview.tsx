// A frame on the guide's preview PDF, served from the public previews bucket, page-fit.
import type { BlockOf } from '../../model/page.ts';
import { previewPath, productById } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';
import { Inline } from '../inline-text.tsx';
import { SectionHeading, SectionShell } from './section-shell.tsx';

function previewAddress(supabaseUrl: string, bucket: string, path: string): string {
  return `${supabaseUrl.replace(/\/$/, '')}/storage/v1/object/public/${bucket}/${path}`;
}

export function PdfPreview({ block }: { block: BlockOf<'pdf-preview'> }) {
  const { site, supabaseUrl } = useRender();
  const product = productById(site, block.product);
  const pdf = previewAddress(supabaseUrl, site.previews.bucket, previewPath(product));
  const frame = site.previews.viewerUrl.replace('{urlEncoded}', encodeURIComponent(pdf)).replace('{url}', pdf);
  return (
    <SectionShell id={block.id} className="bg-white">
      <SectionHeading title={block.heading} subtitle={block.text && <Inline text={block.text} />} />
      <div className="overflow-hidden rounded-2xl border border-gray-200 shadow-lg">
        <iframe src={frame} title={`Preview of ${product.title}`} width="100%" height={block.height ?? site.previews.height} className="block w-full bg-gray-100" loading="lazy" data-testid="pdf-frame" />
      </div>
      <p className="mt-4 text-center">
        <a href={pdf} target="_blank" rel="noopener noreferrer" className="font-semibold text-violet-700 underline">Open the PDF in a new tab</a>
      </p>
    </SectionShell>
  );
}
