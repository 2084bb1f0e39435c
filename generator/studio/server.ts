// The studio's server side, mounted by `npm run dev` only (generator/cli/dev.ts): the UI's page at
// /_studio, its API under /_studio/api, and /_studio/preview, the real page rendered from the unsaved
// text. Local and safe:
// - it answers this machine only (by the socket's address), unless STUDIO_ALLOW_REMOTE is set;
// - only page files under pages/ and site.config.yaml are read or written (safe-path.ts), never through
//   a symlink (safe-write.ts);
// - every write must come from the dev server's own origin and carry this run's random token, and no
//   GET changes anything. A browser on this machine gets the token in the studio's page (no CORS, so no
//   other site can read it); another machine (STUDIO_ALLOW_REMOTE) never gets it from the server: the
//   developer hands it over, as the `/_studio#token=…` link the dev server prints at start;
// - no other site may frame it;
// - a file changed on disk since it was opened is never overwritten (409; the UI offers to reload).
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import type { ViteDevServer } from 'vite';
import { parse } from 'yaml';
import { supabaseAnonKey, supabaseUrl } from '../host/backend-url.ts';
import { isYaml, listFiles, routeOf } from '../core/load.ts';
import { formatReport } from '../report/report.ts';
import { parseMoment, publicationOf } from '../core/publication.ts';
import { groupOf } from './page-groups.ts';
import { CONTROL } from '../../model/analytics/experiment.ts';
import type { Diagnostic } from '../core/errors.ts';
import type { CompileResult } from '../core/compile.ts';
import type { PageDefinition } from '../../model/page.ts';
import { affectedBetween, affectedBy } from './affected-pages.ts';
import { compileDraft } from './compile-draft.ts';
import { applyEdits, EditError, type Edit } from './yaml-edit.ts';
import { CATALOGUE, editablePath, Refused } from './safe-path.ts';
import { studioSchemas } from './schemas-for-ui.ts';
import type { PageSummary } from './api-types.ts';
import { isLoopback } from '../guards/dev-access.ts';
import { sameSecret } from '../guards/same-secret.ts';
import { readIfFile, writeNoFollow, WriteRefused } from '../guards/safe-write.ts';
import { changes } from './git-changes.ts';
import { discard } from './git-discard.ts';
import { publish } from './git-publish.ts';
import { headText, repoAt } from './git-repo.ts';
import { copyMarks, exampleSets, isDraftPage, type ExampleSets } from './example-copy.ts';

type RenderEntry = typeof import('../../runtime/render/render-page.tsx');

/** The dev server's assets, as the preview's pages load them. */
const DEV_ASSETS = { css: ['/runtime/styles/site.css'], scripts: ['/runtime/client/main.ts'], always: ['/@vite/client'] };

export interface StudioOptions {
  root: string;
  vite: ViteDevServer;
  /** The moment the dev site shows (`--as-of`), as the dev server's own. */
  asOf?: () => Date;
  log?: (line: string) => void;
}

/** A text's version, as the UI holds it to say which text an edit or a save started from (not the store's hashOf). */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly body?: object) {
    super(message);
  }
}

/** The header a write carries this run's token in (the studio page's `studio-token` meta holds it). */
export const TOKEN_HEADER = 'x-studio-token';

/** The studio's page; the token only for a browser on this machine (see the file's first comment). */
const shell = (token: string | undefined) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${token === undefined ? '' : `<meta name="studio-token" content="${token}">\n`}<title>Studio</title>
<link rel="stylesheet" href="/studio/studio.css">
</head>
<body>
<div id="studio"><p>Loading the studio…</p></div>
<script type="module" src="/studio/main.tsx"></script>
</body>
</html>`;

/**
 * A connect middleware for Vite's stack: answers /_studio and its paths, passes everything else on.
 * `token` is this run's write token, for the link the dev server prints for other machines.
 */
export function studio(opts: StudioOptions) {
  const { root, vite } = opts;
  const asOf = opts.asOf ?? (() => new Date());
  const log = opts.log ?? ((line: string) => console.warn(line));
  // Random each run: a write proves it comes from a studio page this server handed out.
  const token = randomBytes(32).toString('base64url');
  const renderEntry = () => vite.ssrLoadModule('/runtime/render/render-page.tsx') as Promise<RenderEntry>;
  /** Each open file's text at the last commit (for its example-copy marks); 'none' outside a repository. */
  const heads = new Map<string, { text: string | null } | 'none'>();
  let examples: ExampleSets | undefined;
  /** The unsaved text of each file the studio has open, for the preview. */
  const drafts = new Map<string, string>();
  // The last compile, kept while neither the drafts nor any file changed: the preview asked for right
  // after a draft is that same site.
  let last: { key: string; result: CompileResult } | undefined;
  const compile = async (overlay: ReadonlyMap<string, string> = drafts) => {
    const key = JSON.stringify([...overlay].map(([f, t]) => [f, versionOf(t)]).sort()) + diskStamp(root);
    if (last?.key !== key) last = { key, result: compileDraft(root, overlay, (await renderEntry()).blockComponents, asOf()) };
    return last.result;
  };
  // The pages a change affects, decided as the incremental build decides: a page whose definition
  // changed, or any of whose tracked reads answers differently after the change (affected-pages.ts).
  const affected = async (now: CompileResult, next: CompileResult) =>
    affectedBetween((await renderEntry()).renderPage, { assets: DEV_ASSETS, supabaseUrl: supabaseUrl(), supabaseAnonKey: supabaseAnonKey(), now: asOf() })(now, next);

  const routes: Record<string, (req: IncomingMessage, url: URL) => Promise<unknown>> = {
    'GET /_studio/api/pages': async () => listPages(root, await compile(new Map()), asOf()),
    'GET /_studio/api/schemas': async () => studioSchemas(root),
    'GET /_studio/api/file': async (_req, url) => readFile(url.searchParams.get('file')),
    // Opening a file in the editor: as reading it, and its unsaved draft from before is dropped.
    'POST /_studio/api/open': async (req) => {
      const { file } = (await readJson(req)) as { file: string };
      heads.delete(file);
      const opened = await readFile(file);
      drafts.delete(file);
      return opened;
    },
    // Edits applied to the unsaved text (nothing written): the new text, its data and its diagnostics.
    // With the page made from it (the preview's fast update, see studio/editor.tsx): no second request.
    'POST /_studio/api/draft': async (req) => {
      const { file, text, edits, route, variant } = (await readJson(req)) as { file: string; text: string; edits?: Edit[]; route?: string; variant?: string };
      editablePath(root, file);
      if (typeof text !== 'string') throw new HttpError(400, 'no text');
      const next = edits?.length ? applyEdits(text, edits) : text;
      drafts.set(file, next);
      const result = await compile();
      return { text: next, ...describe(file, next, result, await marksOf(file, next)), preview: (await previewOf(file, route ?? null, result, variant ?? null)).html };
    },
    'POST /_studio/api/save': async (req) => {
      const { file, text, base } = (await readJson(req)) as { file: string; text: string; base: string | null };
      const full = editablePath(root, file);
      if (typeof text !== 'string') throw new HttpError(400, 'no text');
      const current = readIfFile(root, full);
      // Someone (an editor, git) changed the file since the studio opened it: never overwrite it silently.
      if ((current === null ? null : versionOf(current)) !== base) throw new HttpError(409, `${file} changed on disk since it was opened`, { text: current, hash: current === null ? null : versionOf(current) });
      if (current !== text) writeNoFollow(root, full, text, current === null ? 'new' : 'replace');
      drafts.delete(file);
      return { hash: versionOf(text) };
    },
    // A new file from the same starters as `npm run new`, by running it.
    'POST /_studio/api/new': async (req) => {
      const { kind, name } = (await readJson(req)) as { kind: string; name: string };
      if (!['page', 'article', 'platform'].includes(kind) || typeof name !== 'string' || !/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(name)) throw new HttpError(400, 'a kind (page, article, platform) and a name of lower-case letters, digits and dashes');
      const before = new Set(listFiles(join(root, 'pages'), isYaml));
      const out = await runNew(root, kind, name);
      if (out.code !== 0) throw new HttpError(400, out.output.trim().split('\n').pop() ?? 'npm run new failed');
      const made = listFiles(join(root, 'pages'), isYaml).find((f) => !before.has(f));
      return { file: made && relative(root, made).split('\\').join('/'), output: out.output };
    },
    // Which pages a catalogue change affects: by what each page reads as it renders, as a build decides (affected-pages.ts).
    'POST /_studio/api/affected': async (req) => {
      const { text } = (await readJson(req)) as { text: string };
      const now = await compile(new Map());
      const next = await compile(new Map([[CATALOGUE, text]]));
      return { ok: next.ok, pages: await affected(now, next), diagnostics: next.diagnostics.filter((d) => d.file === CATALOGUE) };
    },
    // The Changes view: every page file changed since the last commit, its diff and the pages it affects.
    'GET /_studio/api/changes': async () => changes(root, affectedBy((overlay) => compile(overlay), affected)),
    // One file back as the last commit has it (or gone, if it is new); its unsaved draft goes too.
    'POST /_studio/api/discard': async (req) => {
      const { file } = (await readJson(req)) as { file: unknown };
      const done = await discard(root, file);
      drafts.delete(done.file);
      heads.clear();
      return done;
    },
    // The chosen files committed on a new branch and pushed (git-publish.ts); refused while the site has errors.
    'POST /_studio/api/publish': async (req) => {
      const { files, message } = (await readJson(req)) as { files: string[]; message: string };
      const result = await publish(root, { files, message }, { components: (await renderEntry()).blockComponents, asOf: asOf() });
      heads.clear();
      if (!result.ok) throw new HttpError(422, result.refused, { errors: result.errors ?? [], report: result.report });
      return result;
    },
  };

  const middleware = async (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/_studio' && !url.pathname.startsWith('/_studio/')) return next();
    // Only the studio frames its own preview; nothing frames the studio.
    const preview = url.pathname === '/_studio/preview';
    res.setHeader('content-security-policy', `frame-ancestors ${preview ? "'self'" : "'none'"}`);
    res.setHeader('x-frame-options', preview ? 'SAMEORIGIN' : 'DENY');
    try {
      checkClient(req);
      checkHost(req);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        checkOrigin(req);
        checkToken(req, token);
      }
      if (url.pathname === '/_studio' || url.pathname === '/_studio/') {
        // Without Vite's client: the dev server reloads every page on each save, which would throw away
        // the marketer's place (and an unsaved edit); the preview inside reloads, the studio does not.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(shell(isLoopback(req) ? token : undefined));
      }
      if (preview) return await sendPreview(url, res);
      const route = routes[`${req.method} ${url.pathname}`];
      if (!route) throw new HttpError(404, `no studio route ${req.method} ${url.pathname}`);
      sendJson(res, 200, await route(req, url));
    } catch (e) {
      if (e instanceof Refused) {
        log(`studio: ${e.message} (${req.method} ${url.pathname}, origin ${req.headers.origin ?? 'none'})`);
        return sendJson(res, 403, { error: e.message });
      }
      if (e instanceof HttpError) {
        if (e.status === 403) log(`studio: ${e.message} (${req.method} ${url.pathname})`);
        return sendJson(res, e.status, { error: e.message, ...e.body });
      }
      if (e instanceof EditError) return sendJson(res, 422, { error: e.message });
      if (e instanceof WriteRefused) {
        log(`studio: ${e.message}`);
        return sendJson(res, 403, { error: e.message });
      }
      console.error(e);
      sendJson(res, 500, { error: String((e as Error).message) });
    }
  };
  return Object.assign(middleware, { token });

  /** A file's text as it is on disk, with what the UI shows of it; changes nothing. */
  async function readFile(file: unknown) {
    const text = readFileSync(editablePath(root, file), 'utf8');
    return { file, text, hash: versionOf(text), ...describe(file as string, text, await compile(new Map()), await marksOf(file as string, text)) };
  }

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

  /**
   * The real page, as the dev server renders it, made from the unsaved text of the file being edited;
   * with `rev`, for the Changes view's before and after: `rev=HEAD` from the file as the last commit
   * has it, `rev=disk` from the file as it is saved (no unsaved draft). Through the same compile either way.
   */
  async function sendPreview(url: URL, res: ServerResponse): Promise<void> {
    const file = url.searchParams.get('file');
    editablePath(root, file);
    const rev = url.searchParams.get('rev');
    if (rev !== null && rev !== 'HEAD' && rev !== 'disk') throw new HttpError(400, 'rev is HEAD or disk');
    let result: CompileResult;
    if (rev === 'HEAD') {
      const head = await headText(await repoAt(root), file!);
      if (head === null) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end((await renderEntry()).renderErrorPage(`${file} is new: the last commit has no version of it.`, []));
        return;
      }
      result = await compile(new Map([[file!, head]]));
    } else result = await compile(rev === 'disk' ? new Map() : drafts);
    const { html, page } = await previewOf(file!, url.searchParams.get('route'), result, url.searchParams.get('variant'));
    res.setHeader('cache-control', 'no-store');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ? await vite.transformIndexHtml(page.route, html) : html);
  }

  /**
   * The page of `file` (the catalogue: of the route it names, as its products are shown on many), or the
   * error report. With `variant`, that variant of the page's experiment: the definition the compile made
   * for its variant file, as the build renders it (a variant the page does not declare is said so).
   */
  async function previewOf(file: string, route: string | null, result: CompileResult, variant: string | null = null): Promise<{ html: string; page?: PageDefinition }> {
    const { renderPage, renderErrorPage } = await renderEntry();
    const DEV_CLIENT = '/@vite/client';
    const control = result.site?.pages.find((p) => p.file === file) ?? result.site?.pages.find((p) => p.route === route);
    const page = !variant || variant === CONTROL || !control ? control : result.site?.variants?.find((p) => p.route === control.route && p.variant === variant);
    if (!result.ok || !page) {
      const report = !result.ok ? formatReport(result.diagnostics, result.texts)
        : control ? `${file} has no variant ${JSON.stringify(variant)}: its experiment's variants are ${control.experiment?.variants.join(', ') || 'none'}.`
        : `${file} makes no page of its own (it is not a page file, or a template folds it into others).`;
      return { html: renderErrorPage(report, [DEV_CLIENT]) };
    }
    const { html } = renderPage({
      compiled: result.site!,
      page,
      assets: DEV_ASSETS,
      supabaseUrl: supabaseUrl(),
      supabaseAnonKey: supabaseAnonKey(),
      now: asOf(),
    });
    return { html, page };
  }
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

/**
 * The studio edits this machine's files: it answers this machine, by the socket's address (a header
 * says what the client wrote), even when the dev server listens beyond it. STUDIO_ALLOW_REMOTE opens
 * it to others, whose writes still need the token, which only the printed link gives them.
 */
function checkClient(req: IncomingMessage): void {
  if (!isLoopback(req) && !process.env.STUDIO_ALLOW_REMOTE) throw new HttpError(403, `refused a client from ${req.socket.remoteAddress} (the studio answers this machine only; set STUDIO_ALLOW_REMOTE=1 to open it)`);
}

/** A write carries this run's token: from the studio page this server handed out, or the printed link. */
function checkToken(req: IncomingMessage, token: string): void {
  if (!sameSecret(req.headers[TOKEN_HEADER], token)) throw new HttpError(403, `refused a write without this run's studio token (${TOKEN_HEADER}); reload the studio (from another machine, open the link the dev server printed)`);
}

/** Only a browser on this machine reaches the studio by name (another name for it is DNS rebinding). */
function checkHost(req: IncomingMessage): void {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const allowed = ['localhost', '127.0.0.1', '::1', process.env.HOST].filter(Boolean);
  if (!allowed.includes(host)) throw new HttpError(403, `refused host ${JSON.stringify(req.headers.host)}`);
}

/** A write must come from a page of this dev server: another site open in the same browser cannot write. */
function checkOrigin(req: IncomingMessage): void {
  const own = `http://${req.headers.host}`;
  if (req.headers.origin !== own) throw new HttpError(403, `refused a write from origin ${JSON.stringify(req.headers.origin ?? null)} (expected ${own})`);
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new HttpError(415, 'writes are JSON');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4 * 1024 * 1024) throw new HttpError(413, 'request too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Every page file with its route, template, state, group and the count of its diagnostics. */
export function listPages(root: string, result: CompileResult, asOf: Date): PageSummary[] {
  const pagesDir = join(root, 'pages');
  return listFiles(pagesDir, isYaml).map((full) => {
    const file = relative(root, full).split('\\').join('/');
    const page = result.site?.pages.find((p) => p.file === file);
    let data: Record<string, unknown> = {};
    try {
      data = (parse(readFileSync(full, 'utf8')) as Record<string, unknown>) ?? {};
    } catch {
      // Broken YAML: its error is counted below.
    }
    const publishAt = page?.publishAt ?? (typeof data.publishAt === 'string' ? data.publishAt : data.publishAt instanceof Date ? data.publishAt.toISOString() : undefined);
    const state = publicationOf({ draft: page?.draft ?? data.draft === true, publishAt }, asOf).state;
    const moment = publishAt === undefined ? undefined : parseMoment(publishAt);
    const { group, order, admin } = groupOf(page, result.site);
    const mine = result.diagnostics.filter((d) => d.file === file);
    return {
      file,
      route: page?.route ?? routeOf(file),
      title: page?.title ?? (typeof data.title === 'string' ? data.title : ''),
      template: page?.template ?? (typeof data.template === 'string' ? data.template : 'page'),
      state: state === 'published' ? 'live' : state,
      publishAt: moment && 'iso' in moment ? moment.iso : publishAt,
      group,
      groupOrder: order,
      admin,
      errors: mine.filter((d) => d.severity === 'error').length,
      warnings: mine.filter((d) => d.severity !== 'error').length,
    };
  });
}

/** What the UI shows of one file's text: its data, its diagnostics, and its page if it made one. */
function describe(file: string, text: string, result: CompileResult, marks: Diagnostic[] = []) {
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

function runNew(root: string, kind: string, name: string): Promise<{ code: number; output: string }> {
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve) => {
    execFile(process.execPath, [tsx, 'generator/cli/new.ts', kind, name], { cwd: root }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

