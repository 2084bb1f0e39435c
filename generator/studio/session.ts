// What the studio holds while `npm run dev` runs: the unsaved text of each open file (its drafts), each
// open file's text at the last commit (for its example-copy marks), and the last compile, kept while
// neither the drafts nor any file changed. The routes (routes/) read and change the files through it.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { parse } from 'yaml';
import { supabaseAnonKey, supabaseUrl } from '../host/backend-url.ts';
import { isYaml, listFiles } from '../store/files.ts';
import type { CompileResult } from '../core/compile.ts';
import type { Diagnostic } from '../core/errors.ts';
import { affectedBetween } from './affected-pages.ts';
import type { Described } from './api-types.ts';
import { draftCompiler } from './compile-draft.ts';
import type { CompileCache } from '../store/compile-cache.ts';
import { copyMarks, exampleSets, isDraftPage, type ExampleSets } from './example-copy.ts';
import { headText, repoAt } from './git-repo.ts';
import { CATALOGUE, editablePath } from './safe-path.ts';

type RenderEntry = typeof import('../../runtime/render/render-page.tsx');

/** The dev server's assets, as the preview's pages load them. */
export const DEV_ASSETS = { css: ['/runtime/styles/site.css'], scripts: ['/runtime/client/main.ts'], always: ['/@vite/client'] };

/** A text's version, as the UI holds it to say which text an edit or a save started from (not the store's hashOf). */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export interface SessionOptions {
  root: string;
  vite: ViteDevServer;
  /** The moment the dev site shows (`--as-of`), as the dev server's own. */
  asOf?: () => Date;
  /** The dev server's store's compile cache (store/store.ts), which the studio's compiles share; without one, the studio keeps one in memory. */
  compileCache?: CompileCache;
}

export type Session = ReturnType<typeof openSession>;

export function openSession(opts: SessionOptions) {
  const { root, vite } = opts;
  const asOf = opts.asOf ?? (() => new Date());
  const renderEntry = () => vite.ssrLoadModule('/runtime/render/render-page.tsx') as Promise<RenderEntry>;
  const compileDraft = draftCompiler(root, opts.compileCache);
  /** Each open file's text at the last commit; 'none' outside a repository. */
  const heads = new Map<string, { text: string | null } | 'none'>();
  let examples: ExampleSets | undefined;
  /** The unsaved text of each file the studio has open, for the preview. */
  const drafts = new Map<string, string>();
  // The preview asked for right after a draft is that same site: one compile for both.
  let last: { key: string; result: CompileResult } | undefined;
  const compile = async (overlay: ReadonlyMap<string, string> = drafts) => {
    const key = JSON.stringify([...overlay].map(([f, t]) => [f, versionOf(t)]).sort()) + diskStamp(root);
    if (last?.key !== key) last = { key, result: compileDraft(overlay, (await renderEntry()).blockComponents, asOf()) };
    return last.result;
  };
  /** Renders as the dev server does, for the preview and for the pages a change affects. */
  const renderInput = () => ({ assets: DEV_ASSETS, supabaseUrl: supabaseUrl(), supabaseAnonKey: supabaseAnonKey(), now: asOf() });
  // The pages a change affects, decided as the incremental build decides: a page whose definition
  // changed, or any of whose tracked reads answers differently after the change (affected-pages.ts).
  const affected = async (now: CompileResult, next: CompileResult) => affectedBetween((await renderEntry()).renderPage, renderInput())(now, next);

  /**
   * The copy of a page file not yet written (example-copy.ts), marked at its fields. DRAFT: texts on a
   * page that is not a draft are the core's errors already; a draft's are marked here. Outside a git
   * repository nothing says which copy is new, so no example copy is marked.
   */
  async function marksOf(file: string, text: string): Promise<Diagnostic[]> {
    if (!file.startsWith('pages/')) return [];
    let head = heads.get(file);
    if (head === undefined) {
      head = await repoAt(root).then((repo) => headText(repo, file)).then((t) => ({ text: t }), () => 'none' as const);
      heads.set(file, head);
    }
    if (head === 'none') return [];
    const draft = isDraftPage(text);
    return copyMarks(file, text, head.text, examples ??= exampleSets(root)).filter((d) => draft || d.name !== 'DraftCopy');
  }

  /** A file's text as it is on disk, with what the UI shows of it; changes nothing. */
  async function readFile(file: unknown) {
    const text = readFileSync(editablePath(root, file), 'utf8');
    return { file, text, hash: versionOf(text), ...describe(file as string, text, await compile(new Map()), await marksOf(file as string, text)) };
  }

  return { root, vite, asOf, renderEntry, renderInput, heads, drafts, compile, affected, marksOf, readFile };
}

/** What the UI shows of one file's text: its data, its diagnostics, and its page if it made one. */
export function describe(file: string, text: string, result: CompileResult, marks: Diagnostic[] = []): Described {
  let data: unknown = null;
  try {
    data = parse(text);
  } catch {
    // The diagnostics say where.
  }
  const page = result.site?.pages.find((p) => p.file === file);
  const diagnostics: Diagnostic[] = [...result.diagnostics.filter((d) => d.file === file), ...marks];
  // Errors elsewhere (another file) stop the whole compile: say so, so the preview's state is explained.
  const elsewhere = result.ok ? 0 : result.diagnostics.filter((d) => d.file !== file && d.severity === 'error').length;
  return { data, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error'), siteOk: result.ok, errorsElsewhere: elsewhere, route: page?.route };
}

/** Changes when any page file, the catalogue or a schema changes on disk (their sizes and times). */
function diskStamp(root: string): string {
  const files = [join(root, CATALOGUE), ...listFiles(join(root, 'pages'), isYaml), ...listFiles(join(root, 'schemas'), () => true)];
  return versionOf(files.map((f) => {
    try {
      const st = statSync(f);
      return `${f}:${st.size}:${st.mtimeMs}`;
    } catch {
      return f;
    }
  }).join('|'));
}
