// The studio's server side, mounted by `npm run dev` only (generator/cli/dev.ts): the UI's page at
// /_studio, its API under /_studio/api, and /_studio/preview, the real page rendered from the unsaved
// text. Local and safe:
// - it answers this machine only (by the socket's address), unless STUDIO_ALLOW_REMOTE is set;
// - only page files under pages/ and site.config.yaml are read or written (safe-path.ts), never through
//   a symlink (guards/safe-write.ts);
// - every write must come from the dev server's own origin and carry this run's random token, and no
//   GET changes anything. A browser on this machine gets the token in the studio's page (no CORS, so no
//   other site can read it); another machine (STUDIO_ALLOW_REMOTE) never gets it from the server: the
//   developer hands it over, as the `/_studio#token=…` link the dev server prints at start;
// - no other site may frame it;
// - a file changed on disk since it was opened is never overwritten (409; the UI offers to reload).
// The routes live in routes/ (pages, files, git), the preview in routes/preview.ts, the state they share
// (drafts, the last compile) in session.ts; the checks below are http.ts's.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopback } from '../guards/dev-access.ts';
import { WriteRefused } from '../guards/safe-write.ts';
import { checkClient, checkHost, checkOrigin, checkToken, HttpError, sendJson, type Route } from './http.ts';
import { fileRoutes } from './routes/files.ts';
import { gitRoutes } from './routes/git.ts';
import { pageRoutes } from './routes/pages.ts';
import { sendPreview } from './routes/preview.ts';
import { Refused } from './safe-path.ts';
import { openSession, type SessionOptions } from './session.ts';
import { EditError } from './yaml-edit.ts';

export { TOKEN_HEADER } from './http.ts';

export interface StudioOptions extends SessionOptions {
  log?: (line: string) => void;
}

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
  const log = opts.log ?? ((line: string) => console.warn(line));
  // Random each run: a write proves it comes from a studio page this server handed out.
  const token = randomBytes(32).toString('base64url');
  const session = openSession(opts);
  const routes: Record<string, Route> = { ...pageRoutes(session), ...fileRoutes(session), ...gitRoutes(session) };

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
      if (preview) return await sendPreview(session, url, res);
      const route = routes[`${req.method} ${url.pathname}`];
      if (!route) throw new HttpError(404, `no studio route ${req.method} ${url.pathname}`);
      sendJson(res, 200, await route(req, url));
    } catch (e) {
      answerError(e, req, url, res, log);
    }
  };
  return Object.assign(middleware, { token });
}

/** A refusal is a 403 (logged: someone tried), a bad edit a 422, anything else a 500 with its message. */
function answerError(e: unknown, req: IncomingMessage, url: URL, res: ServerResponse, log: (line: string) => void): void {
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
