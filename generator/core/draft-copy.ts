// Copy still marked `DRAFT:` (as `npm run new -- platform` and `newsletter` write it) on a page or a
// mail that is not a draft: an error at each such text. The list's own mails are never drafts. A draft keeps its marks while it is written. Every string of the
// page counts, whatever its field (a title, an alt text, a testimonial's name): the mark is what makes
// it unfinished, not the field.
import type { CheckedDoc } from './documents.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { locate, type PathSegment } from './source.ts';

const MARK = /^\s*DRAFT:/;

export function draftCopy(docs: readonly CheckedDoc[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Once per file: the blog's generated listing pages share their index's source.
  const seen = new Set<string>();
  for (const doc of docs) {
    const draft = doc.page ? doc.page.draft : doc.mail ? false : undefined;
    if (draft !== false || seen.has(doc.source.file)) continue;
    seen.add(doc.source.file);
    eachString(doc.written ?? doc.source.data, [], (value, path) => {
      if (MARK.test(value)) out.push(diagnostic('DraftCopy', locate(doc.source, path), value.trim().slice(0, 60)));
    });
  }
  return out;
}

function eachString(value: unknown, path: PathSegment[], fn: (value: string, path: PathSegment[]) => void): void {
  if (typeof value === 'string') fn(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => eachString(v, [...path, i], fn));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) eachString(v, [...path, k], fn);
}
