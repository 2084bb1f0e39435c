// `npm run dev`: Vite in middleware mode. Each request renders its page from the current YAML through
// Vite's SSR loader, so YAML, schema and component changes show on the next load; the browser reloads
// itself on every change. Validation errors are printed here and shown in the browser. Drafts and
// pages scheduled later are shown too, each with a ribbon, as of now or `--as-of <date>`.
import { readFileSync } from 'node:fs';
import { watch as chokidarWatch } from 'chokidar';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { supabaseAnonKey, supabaseUrl } from '../host/backend-url.ts';
import { compileSite, type CompileResult } from '../core/compile.ts';
import { loadSchemas, type SchemaSet } from '../core/schemas.ts';
import { openStore } from '../store/store.ts';
import { NOT_FOUND_ROUTE } from '../../model/page.ts';
import { MAIL_DIR, NEWSLETTERS_DIR } from '../../model/newsletter.ts';
import { writeEditorSchemas } from '../authoring/editor-schema.ts';
import { writeStaleGeneratedFiles } from '../authoring/generate-types.ts';
import { formatReport } from '../report/report.ts';
import { readPort } from '../host/serve.ts';
import { startLocalBackend } from './backend.ts';
import { moment, parseOrExit, type Command } from './args.ts';
import { studio } from '../studio/server.ts';
import { devFiles, isLoopback } from '../guards/dev-access.ts';

const DEV: Command = {
  usage: 'npm run dev [-- --as-of <date>]',
  does: 'Serves the site from its sources with live reload on every YAML, schema and component change, drafts and scheduled pages shown with a ribbon, and the studio at /_studio. Starts the local stand-in and its mail catcher too. Until Ctrl-C.',
  options: { 'as-of': { type: 'string', value: '<date>', help: 'show the site as it will be at that moment (default now)' } },
  env: {
    PORT: "the port (default 4173)",
    HOST: 'the address it listens on (default 127.0.0.1; the studio still answers this machine only)',
    STUDIO_ALLOW_REMOTE: '1 to open the studio to other machines, by a link with a token',
    SUPABASE_PORT: "the stand-in's port (default 54321) when VITE_SUPABASE_URL is unset",
    DATA_DIR: "the stand-in's data folder (default .data)",
    MAIL_PORT: "the mail catcher's inbox page and Mailpit API (default the stand-in's port + 3: 54324)",
    MAIL_SMTP_PORT: "the mail catcher's SMTP (default the stand-in's port + 4: 54325)",
  },
  examples: ['npm run dev', 'PORT=4471 SUPABASE_PORT=54471 npm run dev -- --as-of 2026-12-01'],
};

const root = process.cwd();
const asOfOption = moment('as-of', parseOrExit('dev', process.argv.slice(2), DEV).values['as-of']);
/** The moment the dev site shows: fixed by --as-of, else now at each compile and request. */
const asOf = () => asOfOption ?? new Date();
// Vite's reload socket shares the page server's port, so two dev servers (two projects) never fight
// over Vite's default socket port, and a browser that reaches the pages reaches the socket.
const server = createHttpServer((req, res) => handle(req, res));
const vite = await createViteServer({
  root,
  configFile: join(root, 'vite.config.ts'),
  server: {
    middlewareMode: true,
    hmr: { server },
    // Pages are same-origin: no other site, localhost ones included, may read this server's answers.
    cors: false,
    fs: devFiles(root),
  },
  appType: 'custom',
});
// The build's store, opened live: its compile cache keeps the last compile's documents and pages in
// memory too (a save compiles only the saved file, then the site-wide checks; the others are neither
// parsed nor validated again), and is written a while after the last save. The studio compiles through it.
const store = openStore({ root, outDir: join(root, 'dist'), live: true });
// The studio answers its paths before any of Vite's middlewares can (transforms, static files).
const studioMiddleware = studio({ root, vite, asOf, compileCache: store.compileCache });

type RenderEntry = typeof import('../../runtime/render/render-page.tsx');
const renderEntry = () => vite.ssrLoadModule('/runtime/render/render-page.tsx') as Promise<RenderEntry>;

// The schemas, compiled once and again only when they change (compiling them is a tenth of a second).
let schemas: SchemaSet | undefined;
let compiled: CompileResult | undefined;
/** What changed since the last compile, so only what depends on it is redone. */
interface Changes {
  /** The schemas: the generated types are checked (about a second, so not on every save). */
  schemas?: boolean;
  /** The schemas or the catalogue: the editors' copy of the schemas is written again. */
  editorSchemas?: boolean;
}
/** `quiet`: report only if the outcome differs from the last compile's (valid or not, the pages found). */
const compile = async (changes: Changes = { schemas: true, editorSchemas: true }, quiet = false) => {
  const before = compiled && `${compiled.ok} ${compiled.site?.pages.length}`;
  // As `astro sync` does: the types follow the schemas.
  if (changes.schemas) {
    schemas = undefined;
    const wrote = await writeStaleGeneratedFiles(root);
    if (wrote.length) console.log(`regenerated ${wrote.map((f) => relative(root, f)).join(', ')}`);
  }
  // Editors offer the catalogue's product ids from this copy of the schemas (see editor-schema.ts).
  if (changes.editorSchemas) writeEditorSchemas(root);
  schemas ??= loadSchemas(join(root, 'schemas'), store.cacheDir, store);
  compiled = compileSite(root, { components: (await renderEntry()).blockComponents, asOf: asOf(), includeUnpublished: true, cache: store.compileCache, schemas });
  if (compiled.ok) store.compiled();
  if (quiet && `${compiled.ok} ${compiled.site?.pages.length}` === before) return compiled;
  if (compiled.ok) console.log(`✓ ${compiled.site!.pages.length} pages valid${unpublishedNote(compiled)}`);
  // What only the live site would find broken (a link to a draft, say) is a warning here: say so.
  const early = compiled.diagnostics.filter((d) => d.name === 'LinkToUnpublished' || d.name === 'UnpublishedProductPage');
  if (compiled.ok && early.length) console.error(formatReport(early, compiled.texts));
  else console.error(formatReport(compiled.diagnostics, compiled.texts));
  return compiled;
};
await compile();

// YAML and schemas are read by the generator, not Vite: recompile and reload on their changes. chokidar
// reads a folder made under pages/ as it appears and reports each file in it (Node 20's recursive fs.watch
// missed a page written just after its folder, and threw on a folder deleted under it). The server
// answers once the watch is in place, so no edit made after it starts goes unseen. One save is often
// several events: a page whose text is what the last compile read is no change. Newsletters and the
// list's mails are content too: a newsletter's web version is a page.
const sources = chokidarWatch(['pages', 'schemas', 'site.config.yaml', NEWSLETTERS_DIR, MAIL_DIR].map((p) => join(root, p)), { ignoreInitial: true });
await new Promise<void>((ready) => sources.once('ready', ready));
sources.on('all', (event, file) => {
  if (file.startsWith(join(root, 'pages') + sep)) {
    if (event === 'change' && unchangedPage(file)) return;
    recompile({});
  } else if (file.startsWith(join(root, 'schemas') + sep)) recompile({ schemas: true, editorSchemas: true });
  else recompile({ editorSchemas: true });
});
// Components render on the server too, so any change under runtime/ reloads the page; a change to the
// registry (a block added or removed) is checked against the schemas again.
vite.watcher.on('change', (file) => {
  if (file === join(root, 'runtime/registry.tsx')) recompile({});
  else if (file.includes(join(root, 'runtime'))) vite.ws.send({ type: 'full-reload' });
});

function unchangedPage(full: string): boolean {
  const known = store.compileCache.recall<{ text: string }>(`file:page:${relative(root, full).split(sep).join('/')}`);
  try {
    return !!known && readFileSync(full, 'utf8') === known.text;
  } catch {
    return false; // removed
  }
}

// Events that arrive together make one compile, with all their changes.
let pending: Changes | undefined;
function recompile(changes: Changes): void {
  if (pending) {
    pending.schemas ||= changes.schemas;
    pending.editorSchemas ||= changes.editorSchemas;
    return;
  }
  pending = { ...changes };
  setImmediate(async () => {
    const todo = pending!;
    pending = undefined;
    try {
      await compile(todo);
    } catch (e) {
      console.error(e);
    }
    vite.ws.send({ type: 'full-reload' });
  });
}

const DEV_CLIENT = '/@vite/client';

function handle(req: IncomingMessage, res: ServerResponse): void {
  if (!isLoopback(req)) {
    const target = req.url ?? '';
    // An absolute-form target (`GET http://host/__open-in-editor`) is for proxies; connect still routes
    // it by its path, so a check on the raw text would miss it. From the network: origin-form only.
    if (!target.startsWith('/')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('request targets start with "/"\n');
      return;
    }
    // Vite's launch-editor endpoint runs a program on this machine: only for a browser on it. Matched
    // on the parsed path and ignoring case, as connect matches Vite's route. Appended to a base rather
    // than resolved against it, so `//__open-in-editor` stays a path, as connect reads it, not a host.
    if (new URL(`http://x${target}`).pathname.toLowerCase().startsWith('/__open-in-editor')) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('__open-in-editor answers this machine only\n');
      return;
    }
  }
  void studioMiddleware(req, res, () => serve(req, res));
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  vite.middlewares(req, res, async () => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // Each page is rendered from the tree as it is now: a watcher can miss a folder deleted and made
      // again at once, and a compile that finds nothing changed costs only the site-wide checks (15-30 ms
      // for 60 pages). The watchers are what reload the browser.
      const result = await compile({}, true);
      const { renderPage, renderErrorPage } = await renderEntry();
      if (!result.ok) {
        res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
        res.end(renderErrorPage(formatReport(result.diagnostics, result.texts), [DEV_CLIENT]));
        return;
      }
      const site = result.site!;
      const route = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
      const page = site.pages.find((p) => p.route === route && p.route !== NOT_FOUND_ROUTE) ?? site.pages.find((p) => p.route === NOT_FOUND_ROUTE);
      // A site without pages/404.yaml (a small fixture) still answers an unknown address with a 404.
      if (!page) {
        console.log(`404 ${url.pathname}`);
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      const { html } = renderPage({
        compiled: site,
        page,
        assets: { css: ['/runtime/styles/site.css'], scripts: ['/runtime/client/main.ts'], always: [DEV_CLIENT] },
        supabaseUrl: supabaseUrl(),
        supabaseAnonKey: supabaseAnonKey(),
        now: asOf(),
      });
      if (page.route === NOT_FOUND_ROUTE) console.log(`404 ${url.pathname}`);
      res.writeHead(page.route === NOT_FOUND_ROUTE ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(await vite.transformIndexHtml(url.pathname, html));
    } catch (e) {
      vite.ssrFixStacktrace(e as Error);
      console.error(e);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String((e as Error).stack));
    }
  });
}

/** Which shown pages `npm run build` would leave out. */
function unpublishedNote(result: CompileResult): string {
  const s = result.schedule;
  if (!s || (!s.drafts.length && !s.scheduled.length)) return '';
  const names = [...s.drafts.map((d) => `${d.route} (draft)`), ...s.scheduled.map((p) => `${p.route} (publishes ${p.publishAt})`)];
  return `; shown here but left out by \`npm run build\`: ${names.join(', ')}`;
}

await startLocalBackend();
const port = readPort(process.env.PORT, 4173);
// This machine only, unless HOST says otherwise: the dev server edits files and opens an editor.
const host = process.env.HOST || '127.0.0.1';
server.listen(port, host, () => {
  const base = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
  console.log(`Dev server: ${base}`);
  // Another machine's studio page carries no token (the server gives it to this machine only): the
  // developer opens this link there, which hands it over in the fragment, never sent back to a server.
  if (process.env.STUDIO_ALLOW_REMOTE) console.log(`Studio for other machines (keep this link private): ${base}/_studio#token=${studioMiddleware.token}`);
});
