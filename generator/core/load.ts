// Step 1 of the pipeline: what a compile reads, loaded from the project folder. The site config, every
// page file and every mail (newsletters, the list's own mails) as text (checked for size and encoding,
// not yet parsed: read.ts does that), the schemas, the files pages may link to, and the preview
// sources. compile.ts reads nothing else.
import { readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isMailFile, LIST_MAILS, MAIL_DIR, NEWSLETTERS_DIR } from '../../model/newsletter.ts';
import { NOT_FOUND_ROUTE } from '../../model/page.ts';
import { filesHash } from '../store/hash.ts';
import { isYaml, listFiles } from '../store/files.ts';

import { loadSchemas, type SchemaSet } from './schemas.ts';

/** One source file: its project-relative path (pages/about.yaml) and its text. */
export interface InputFile {
  file: string;
  src: SourceText;
}

/** Everything a compile reads. */
export interface SiteInputs {
  /** site.config.yaml, when there is one. */
  config?: InputFile;
  /** pages/**\/*.yaml, in path order. */
  pages: InputFile[];
  /** newsletters/**\/*.yaml in path order, then content/mail/<name>.yaml of each list mail present (model/newsletter.ts). */
  mails: InputFile[];
  schemas: SchemaSet;
  /** Digest of the schemas' files: cached validation results are only as good as the schemas they were made with. */
  schemasDigest: string;
  /** Addresses of the files under public/ (/images/a.svg). */
  publicFiles: string[];
  /** Preview sources present (content/previews/instagram-detox-preview.yaml). */
  previewSources: ReadonlySet<string>;
}

export const REGISTRY_FILE = 'runtime/registry.tsx';

export const schemasDigest = (root: string) => filesHash(root, ['schemas']);

/** The site in `root` as the compile reads it. `texts`: page files' texts already read, by full path. */
export function loadSite(root: string, opts: { schemas?: SchemaSet; texts?: ReadonlyMap<string, string> } = {}): SiteInputs {
  const rel = (f: string) => relative(root, f).split(sep).join('/');
  const read = (full: string): InputFile => {
    const known = opts.texts?.get(full);
    return { file: rel(full), src: known !== undefined ? { text: known, bytes: Buffer.byteLength(known) } : readSourceText(full) };
  };
  // A page listed a moment ago may be gone when it is read (deleted while `npm run dev` compiles; its
  // watcher compiles again): then it is no page, as it would not be a moment later.
  const readIfThere = (full: string): InputFile[] => {
    try {
      return [read(full)];
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  };
  const configPath = join(root, 'site.config.yaml');
  const publicDir = join(root, 'public');
  const previews = join(root, 'content/previews');
  return {
    config: existsSync(configPath) ? read(configPath) : undefined,
    pages: listFiles(join(root, 'pages'), isYaml).flatMap(readIfThere),
    mails: [...listFiles(join(root, NEWSLETTERS_DIR), isYaml), ...LIST_MAILS.map((name) => join(root, MAIL_DIR, `${name}.yaml`)).filter((f) => existsSync(f))].flatMap(readIfThere),
    schemas: opts.schemas ?? loadSchemas(join(root, 'schemas')),
    schemasDigest: schemasDigest(root),
    publicFiles: listFiles(publicDir, () => true).map((f) => `/${relative(publicDir, f).split(sep).join('/')}`),
    previewSources: new Set(listFiles(previews, isYaml).map(rel)),
  };
}

/** A file of the site's content, checked like a page: a page, a newsletter or a list mail (not the config, a schema or code). */
export function isContentFile(file: string): boolean {
  return file.startsWith('pages/') || isMailFile(file);
}

/** pages/index.yaml -> /, pages/blog/index.yaml -> /blog, pages/about.yaml -> /about, pages/404.yaml -> /404. */
export function routeOf(file: string): string {
  const rel = file.replace(/^pages\//, '').replace(/\.ya?ml$/, '');
  if (rel === '404') return NOT_FOUND_ROUTE;
  const route = `/${rel}`.replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

/** No real page comes near this; a bigger file is refused before parsing. */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

export interface SourceText {
  text: string;
  bytes: number;
  /** Index in `text` of the first character that was not valid UTF-8, if any. */
  invalidAt?: number;
}

/** Reads a source file as UTF-8, noting where invalid bytes were met instead of silently replacing them. */
/** One decoder for every file: it keeps no state between calls, and making one per file showed in profiles. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function readSourceText(file: string): SourceText {
  const buf = readFileSync(file);
  if (buf.length > MAX_SOURCE_BYTES) return { text: '', bytes: buf.length };
  try {
    return { text: strictUtf8.decode(buf), bytes: buf.length };
  } catch {
    const text = new TextDecoder('utf-8').decode(buf);
    return { text, bytes: buf.length, invalidAt: text.indexOf('\uFFFD') };
  }
}
