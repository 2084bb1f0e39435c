// The studio's reads and writes of one file: read it, open it, draft edits on its unsaved text (with
// the page made from it), save it, or start a new one as `npm run new` does.
import { execFile } from 'node:child_process';
import { join, relative } from 'node:path';
import { isYaml, listFiles } from '../../store/files.ts';
import { readIfFile, writeNoFollow } from '../../guards/safe-write.ts';
import type { Edit } from '../api-types.ts';
import { HttpError, readJson, type Route } from '../http.ts';
import { editablePath } from '../safe-path.ts';
import { describe, versionOf, type Session } from '../session.ts';
import { applyEdits } from '../yaml-edit.ts';
import { previewOf } from './preview.ts';

export const fileRoutes = (s: Session): Record<string, Route> => ({
  'GET /_studio/api/file': async (_req, url) => s.readFile(url.searchParams.get('file')),
  // Opening a file in the editor: as reading it, and its unsaved draft from before is dropped.
  'POST /_studio/api/open': async (req) => {
    const { file } = await readJson<{ file: string }>(req);
    s.heads.delete(file);
    const opened = await s.readFile(file);
    s.drafts.delete(file);
    return opened;
  },
  // Edits applied to the unsaved text (nothing written): the new text, its data and its diagnostics.
  // With the page made from it (the preview's fast update, see studio/editor.tsx): no second request.
  'POST /_studio/api/draft': async (req) => {
    const { file, text, edits, route, variant } = await readJson<{ file: string; text: string; edits?: Edit[]; route?: string; variant?: string }>(req);
    editablePath(s.root, file);
    if (typeof text !== 'string') throw new HttpError(400, 'no text');
    const next = edits?.length ? applyEdits(text, edits) : text;
    s.drafts.set(file, next);
    const result = await s.compile();
    return { text: next, ...describe(file, next, result, await s.marksOf(file, next)), preview: (await previewOf(s, file, route ?? null, result, variant ?? null)).html };
  },
  'POST /_studio/api/save': async (req) => {
    const { file, text, base } = await readJson<{ file: string; text: string; base: string | null }>(req);
    const full = editablePath(s.root, file);
    if (typeof text !== 'string') throw new HttpError(400, 'no text');
    const current = readIfFile(s.root, full);
    // Someone (an editor, git) changed the file since the studio opened it: never overwrite it silently.
    if ((current === null ? null : versionOf(current)) !== base) throw new HttpError(409, `${file} changed on disk since it was opened`, { text: current, hash: current === null ? null : versionOf(current) });
    if (current !== text) writeNoFollow(s.root, full, text, current === null ? 'new' : 'replace');
    s.drafts.delete(file);
    return { hash: versionOf(text) };
  },
  // A new file from the same starters as `npm run new`, by running it.
  'POST /_studio/api/new': async (req) => {
    const { kind, name } = await readJson<{ kind: string; name: string }>(req);
    if (!['page', 'article', 'platform'].includes(kind) || typeof name !== 'string' || !/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(name)) throw new HttpError(400, 'a kind (page, article, platform) and a name of lower-case letters, digits and dashes');
    const before = new Set(listFiles(join(s.root, 'pages'), isYaml));
    const out = await runNew(s.root, kind, name);
    if (out.code !== 0) throw new HttpError(400, out.output.trim().split('\n').pop() ?? 'npm run new failed');
    const made = listFiles(join(s.root, 'pages'), isYaml).find((f) => !before.has(f));
    return { file: made && relative(s.root, made).split('\\').join('/'), output: out.output };
  },
});

function runNew(root: string, kind: string, name: string): Promise<{ code: number; output: string }> {
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve) => {
    execFile(process.execPath, [tsx, 'generator/cli/new.ts', kind, name], { cwd: root }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}
