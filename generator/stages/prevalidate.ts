// A cold compile's slowest part is parsing and validating each page file (a thousand articles: about
// three seconds on one core). The build's render worker is idle while the site compiles, so when the
// compile cache holds few of the pages, the two threads share that work first: each takes the next file
// from a shared queue (render-queue.ts), and every result goes into the compile cache, from which
// compileSite then reads it as it reads any unchanged file (an entry holds the document, its fields,
// its diagnostics and its cross-check facts). The result is the same as compiling alone (the same
// function, read.ts's readAndValidate, makes each entry, under the same key), only sooner.
import { join, relative } from 'node:path';
import { contentKey, type CompileCache } from '../store/compile-cache.ts';
import type { Store } from '../store/store.ts';
import { read, type SiteRead } from '../core/compile.ts';
import { readSourceText, type SiteInputs, type SourceText } from '../core/load.ts';
import { cacheable, readAndValidate, type FileEntry } from '../core/read.ts';
import { takeFrom } from './render-queue.ts';
import type { SchemaSet } from '../core/schemas.ts';

/** One file's entry, as a worker posts it, with the file's text (the compile then reads no file twice). */
export interface RawEntry {
  key: string;
  json: string;
  file: string;
  text: string;
}

/** The compile cache's kind for a page file (the same as compileSite's). */
export const pageKind = (root: string, full: string) => `page:${relative(root, full).split('\\').join('/')}`;

/**
 * Takes files from the queue until it is empty, returning each one's entry. `pause` runs between
 * files (the main thread takes in the worker's results there). A file the compile must read itself
 * (too large, not UTF-8) is left to it.
 */
export async function validateFromQueue(root: string, files: readonly string[], queue: SharedArrayBuffer, schemas: SchemaSet, onEntry: (e: RawEntry, entry: FileEntry) => void, pause?: () => Promise<void>, textOf: (full: string) => SourceText = readSourceText): Promise<void> {
  for (let i = takeFrom(queue); i !== undefined; i = takeFrom(queue)) {
    const full = files[i]!;
    const src = textOf(full);
    if (cacheable(src)) {
      const { entry } = readAndValidate(relative(root, full).split('\\').join('/'), src, schemas.validatePage, schemas.blockTypes);
      onEntry({ key: contentKey(pageKind(root, full), src.text), json: JSON.stringify(entry), file: full, text: src.text }, entry);
    }
    await pause?.();
  }
}

/**
 * The build's read step: with render workers, the page files the compile cache lacks are parsed and
 * validated on them and the main thread at once (a cold compile); then the core reads every file, the
 * new ones from the cache.
 */
export interface Prevalidator {
  prevalidate(root: string, files: readonly string[], cache: CompileCache<FileEntry>, schemas: SchemaSet, reuse: boolean, textOf: (full: string) => SourceText): Promise<void>;
}

export async function readSite(inputs: SiteInputs, store: Pick<Store<FileEntry>, 'root' | 'compileCache' | 'reuse'>, pool: Prevalidator | undefined): Promise<SiteRead> {
  const { root, compileCache: cache, reuse } = store;
  if (pool) {
    cache.begin(inputs.schemasDigest);
    // A cache that holds fewer entries than there are pages is a cold compile: the workers share it.
    const cold = inputs.pages.filter((p) => cacheable(p.src));
    const missing = cache.size === 0 ? cold : cache.size < inputs.pages.length ? cold.filter((p) => !cache.has(`page:${p.file}`, p.src.text)) : [];
    const texts = new Map(missing.map((p) => [join(root, p.file), p.src] as const));
    await pool.prevalidate(root, [...texts.keys()], cache, inputs.schemas, reuse, (full) => texts.get(full) ?? readSourceText(full));
  }
  return read(inputs, { cache });
}
