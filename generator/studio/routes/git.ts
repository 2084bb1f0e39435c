// The studio's side of git and of the whole site: which pages a catalogue change affects, the Changes
// view (every page file changed since the last commit), a file taken back, and Publish.
import { affectedBy } from '../affected-pages.ts';
import { changes } from '../git-changes.ts';
import { discard } from '../git-discard.ts';
import { publish } from '../git-publish.ts';
import { HttpError, readJson, type Route } from '../http.ts';
import { CATALOGUE } from '../safe-path.ts';
import type { Session } from '../session.ts';

export const gitRoutes = (s: Session): Record<string, Route> => ({
  // Which pages a catalogue change affects: by what each page reads as it renders, as a build decides (affected-pages.ts).
  'POST /_studio/api/affected': async (req) => {
    const { text } = await readJson<{ text: string }>(req);
    const now = await s.compile(new Map());
    const next = await s.compile(new Map([[CATALOGUE, text]]));
    return { ok: next.ok, pages: await s.affected(now, next), diagnostics: next.diagnostics.filter((d) => d.file === CATALOGUE) };
  },
  // The Changes view: every page file changed since the last commit, its diff and the pages it affects.
  'GET /_studio/api/changes': async () => changes(s.root, affectedBy((overlay) => s.compile(overlay), s.affected)),
  // One file back as the last commit has it (or gone, if it is new); its unsaved draft goes too.
  'POST /_studio/api/discard': async (req) => {
    const { file } = await readJson<{ file: unknown }>(req);
    const done = await discard(s.root, file);
    s.drafts.delete(done.file);
    s.heads.clear();
    return done;
  },
  // The chosen files committed on a new branch and pushed (git-publish.ts); refused while the site has errors.
  'POST /_studio/api/publish': async (req) => {
    const { files, message } = await readJson<{ files: string[]; message: string }>(req);
    const result = await publish(s.root, { files, message }, { components: (await s.renderEntry()).blockComponents, asOf: s.asOf() });
    s.heads.clear();
    if (!result.ok) throw new HttpError(422, result.refused, { errors: result.errors ?? [], report: result.report });
    return result;
  },
});
