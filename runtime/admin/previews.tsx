// /admin/previews: for each platform guide in the catalogue, whether its preview PDF is in the
// bucket, its size, when it was last replaced, a link to it, and 'Replace' (the upload screen with
// the path filled in).
import { Link, useLoaderData } from 'react-router-dom';
import { listPreviewFiles, previewPublicUrl, type PreviewFile } from '../backend/admin.ts';
import type { PreviewEntry } from './context.ts';
import { signedInAdmin } from './session.ts';
import { formatDateTime, formatSize, link, panel, secondaryButton } from './ui.ts';

export interface PreviewRow extends PreviewEntry {
  file: PreviewFile | null;
  url: string;
}

export function previewsLoader(entries: readonly PreviewEntry[]) {
  return async (): Promise<PreviewRow[] | null> => {
    if (!(await signedInAdmin())) return null;
    const files = new Map((await listPreviewFiles()).map((f) => [f.name, f]));
    return Promise.all(entries.map(async (e) => ({ ...e, file: files.get(e.path) ?? null, url: await previewPublicUrl(e.path) })));
  };
}

export function PresenceBadge({ present }: { present: boolean }) {
  return present ? (
    <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-emerald-900">Present</span>
  ) : (
    <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-red-900">Missing</span>
  );
}

export function PreviewsScreen() {
  const rows = useLoaderData() as PreviewRow[] | null;
  if (!rows) return null;
  return (
    <section aria-label="Preview files">
      <ul className="grid gap-4 md:grid-cols-2" data-testid="previews-list">
        {rows.map((r) => (
          <li key={r.path} className={`${panel} flex flex-col p-5`} data-testid="preview-row">
            <div className="flex items-start justify-between gap-3">
              <h2 className="text-lg font-bold text-gray-900">{r.title}</h2>
              <PresenceBadge present={r.file !== null} />
            </div>
            <p className="mt-1 break-all font-mono text-sm text-gray-700">{r.path}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold text-gray-600">Size</dt>
              <dd className="text-gray-900">{r.file?.size != null ? formatSize(r.file.size) : '—'}</dd>
              <dt className="font-semibold text-gray-600">Updated</dt>
              <dd className="text-gray-900">{r.file?.updatedAt ? <time dateTime={r.file.updatedAt}>{formatDateTime(r.file.updatedAt)}</time> : '—'}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap items-center gap-3 pt-1">
              <Link to={`/admin/upload?path=${encodeURIComponent(r.path)}`} className={secondaryButton} aria-label={`Replace ${r.path}`}>
                Replace
              </Link>
              {r.file && (
                <a href={r.url} target="_blank" rel="noopener noreferrer" className={link}>
                  Open PDF<span className="sr-only"> {r.path}</span>
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
