// The preview viewer: the guide's preview PDF drawn page by page on a canvas with PDF.js, fitted to the
// frame, with previous/next controls. Until PDF.js has drawn the first page (and when scripts are off)
// the frame shows a still of page 1 made at build time, the same size and place, so nothing moves. PDF.js
// is fetched and run only once the frame itself is on screen.
//
// A guide built without a preview source may have had its PDF uploaded since (/admin/upload): its page is
// built saying 'Preview coming soon' (all a visitor without scripts sees), and the island asks the storage
// for the file when it hydrates (through the list endpoint: a missing file is an empty list, not an error
// in the console), showing the viewer if it is there. So an upload shows without a rebuild.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PreviewComingSoon } from './preview-coming-soon.tsx';
import type { BeaconWindow } from '../../model/analytics/event.ts';

export interface PdfViewerProps {
  /** The PDF's public address. */
  url: string;
  /** The guide's title, for names read by screen readers. */
  title: string;
  /** Height of the whole viewer (page area and controls) in CSS pixels, when the width allows. */
  height: number;
  /** 'Fit' shows the whole page; 'FitH' fits its width and scrolls. From the viewer address's #view=. */
  fit: 'Fit' | 'FitH';
  /** The page shown first, from the viewer address's #page=. */
  startPage: number;
  /** Page 1 drawn at build time, with the page count; absent in the dev server. */
  still?: { src: string; width: number; height: number; pages: number };
  /** No preview source at build time: show 'Preview coming soon' until the storage lists this file. */
  checkFirst?: { bucket: string; path: string };
}

/** Height of the controls bar, in CSS pixels. */
const BAR = 56;

export default function PdfViewer(props: PdfViewerProps) {
  const { title, checkFirst } = props;
  // Rendered at build time as 'coming soon' (so hydration matches), then whatever the storage answers.
  const [there, setThere] = useState(!checkFirst);
  useEffect(() => {
    if (there) return;
    let cancelled = false;
    // Any other answer than the file listed (not uploaded, the storage unreachable) leaves 'coming soon'.
    const { bucket, path } = checkFirst!;
    import('../backend/previews.ts')
      .then(({ previewUploaded }) => previewUploaded(bucket, path))
      .then(
        (found) => !cancelled && found && setThere(true),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [checkFirst, there]);
  if (!there) return <PreviewComingSoon title={title} />;
  return <Viewer {...props} />;
}

/** True once the element has been on screen (and from then on). */
function useOnScreen(area: RefObject<HTMLDivElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const el = area.current;
    if (!el || onScreen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setOnScreen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [area, onScreen]);
  return onScreen;
}

/** The PDF opened with PDF.js once `open` is true, its page count, the page shown (kept within the
 *  document once it is open), and whether it failed or is not uploaded. */
function usePdfDocument(url: string, open: boolean, startPage: number, knownPages: number) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [pageCount, setPageCount] = useState(knownPages);
  const [page, setPage] = useState(startPage);
  const [failed, setFailed] = useState(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    import('./pdf-engine.ts')
      .then(({ openPdf }) => openPdf(url))
      .then((d) => {
        opened = d;
        if (cancelled) return void d.destroy();
        setDoc(d);
        (window as BeaconWindow).__beacon?.('preview');
        setPageCount(d.numPages);
        setPage((p) => Math.min(Math.max(1, p), d.numPages));
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        // Not uploaded yet: the storage answers 404 (PDF.js's ResponseException), which visitors
        // see as 'Preview coming soon', never as the storage's error.
        const { name, status, missing: notThere } = (e ?? {}) as { name?: string; status?: number; missing?: boolean };
        if (name === 'ResponseException' && (status === 404 || notThere)) return setMissing(true);
        console.error('PDF preview could not load', e);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url, open]);
  return { doc, pageCount, page, setPage, failed, missing };
}

/** The element's content box, updated as it resizes. */
function useAreaSize(area: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry!.contentRect;
      setSize((s) => (s && s.w === box.width && s.h === box.height ? s : { w: box.width, h: box.height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [area]);
  return size;
}

/** Draws `page` of `doc` on the canvas, fitted to `size`; returns the page last drawn (0 before any). */
function usePageRender(doc: PDFDocumentProxy | null, page: number, size: { w: number; h: number } | null, fit: PdfViewerProps['fit'], canvas: RefObject<HTMLCanvasElement | null>): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (!doc || !size || !canvas.current) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const unit = p.getViewport({ scale: 1 });
      const cssScale = fit === 'FitH' ? size.w / unit.width : Math.min(size.w / unit.width, size.h / unit.height);
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: cssScale * ratio });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${Math.floor(unit.width * cssScale)}px`;
      c.style.height = `${Math.floor(unit.height * cssScale)}px`;
      task = p.render({ canvas: c, viewport });
      task.promise.then(
        () => !cancelled && setDrawn(page),
        (e: unknown) => {
          if ((e as { name?: string }).name !== 'RenderingCancelledException') console.error(e);
        },
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, size, fit, canvas]);
  return drawn;
}

function Viewer({ url, title, height, fit, startPage, still }: PdfViewerProps) {
  const area = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // PDF.js (half a megabyte of script to run, and the drawing) starts when the frame is on screen, not
  // when the island hydrates a screen ahead: until then the still shows the same first page.
  const onScreen = useOnScreen(area);
  const { doc, pageCount, page, setPage, failed, missing } = usePdfDocument(url, onScreen, startPage, still?.pages ?? 0);
  const size = useAreaSize(area);
  const drawn = usePageRender(doc, page, size, fit, canvas);

  if (missing) return <PreviewComingSoon title={title} />;
  const showStill = still && drawn === 0;
  const canGo = (to: number) => doc !== null && to >= 1 && to <= pageCount;
  const status = pageCount ? `Page ${page} of ${pageCount}` : `Page ${page}`;
  const button = 'rounded-lg px-4 py-2 font-semibold text-violet-800 hover:bg-violet-100 disabled:text-gray-500 disabled:hover:bg-transparent';
  const aspect = still ? `${still.width} / ${still.height}` : '8.5 / 11';
  return (
    <>
      <div className="overflow-hidden rounded-2xl border border-gray-200 bg-gray-100 shadow-lg" role="region" aria-label={`Preview of ${title}`} data-testid="pdf-viewer" data-loaded={doc ? 'true' : undefined}>
        <div
          ref={area}
          className="relative w-full overflow-hidden"
          // The page's own proportions, capped so the viewer with its controls is `height` tall.
          style={{ aspectRatio: aspect, maxHeight: height - BAR }}
        >
          {showStill && (
            <img src={still.src} width={still.width} height={still.height} loading="lazy" decoding="async" alt={`Page 1 of the ${title} preview`} className="absolute inset-0 h-full w-full object-contain" data-testid="pdf-still" />
          )}
          <div className={`absolute inset-0 flex justify-center ${fit === 'FitH' ? 'items-start overflow-y-auto' : 'items-center'} ${showStill ? 'invisible' : ''}`}>
            <canvas ref={canvas} role="img" aria-label={`${status} of the ${title} preview`} className="bg-white shadow" data-testid="pdf-canvas" data-page={drawn || undefined} />
          </div>
          {failed && (
            <p className="absolute inset-x-4 bottom-4 rounded-lg bg-white/95 p-3 text-center text-sm text-gray-800 shadow">The viewer could not load here. Use the link below to open the PDF.</p>
          )}
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-gray-200 bg-white px-2" style={{ height: BAR }}>
          <button type="button" className={button} disabled={!canGo(page - 1)} onClick={() => setPage(page - 1)} aria-label="Previous page">
            <span aria-hidden="true">←</span> <span className="hidden sm:inline">Previous</span>
          </button>
          <p className="text-sm font-medium text-gray-700" aria-live="polite" data-testid="pdf-status">{status}</p>
          <button type="button" className={button} disabled={!canGo(page + 1)} onClick={() => setPage(page + 1)} aria-label="Next page">
            <span className="hidden sm:inline">Next</span> <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      {/* In the island, so a preview found missing takes its link away too. */}
      <p className="mt-4 text-center">
        <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block py-2 font-semibold text-violet-700 underline">Open the PDF in a new tab</a>
      </p>
    </>
  );
}
