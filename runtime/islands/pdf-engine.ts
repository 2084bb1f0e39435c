// PDF.js for the preview viewer, loaded by the viewer island only when its section nears the viewport.
// The legacy build runs on the older phone browsers the modern one leaves out; the worker is its own
// asset (Vite's ?url), fetched by PDF.js when the first document opens.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export function openPdf(url: string) {
  // No eval: the site's code never needs it, and a strict CSP forbids it.
  return getDocument({ url, isEvalSupported: false }).promise;
}
