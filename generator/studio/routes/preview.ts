// /_studio/preview: the real page, as the dev server renders it, made from the unsaved text of the
// file being edited; with `rev`, for the Changes view's before and after: `rev=HEAD` from the file as
// the last commit has it, `rev=disk` from the file as it is saved (no unsaved draft). Through the same
// compile either way.
import type { ServerResponse } from 'node:http';
import { CONTROL } from '../../../model/analytics/experiment.ts';
import type { PageDefinition } from '../../../model/page.ts';
import type { CompileResult } from '../../core/compile.ts';
import { formatReport } from '../../report/report.ts';
import { headText, repoAt } from '../git-repo.ts';
import { HttpError, sendHtml } from '../http.ts';
import { editablePath } from '../safe-path.ts';
import type { Session } from '../session.ts';

export async function sendPreview(s: Session, url: URL, res: ServerResponse): Promise<void> {
  const file = url.searchParams.get('file');
  editablePath(s.root, file);
  const rev = url.searchParams.get('rev');
  if (rev !== null && rev !== 'HEAD' && rev !== 'disk') throw new HttpError(400, 'rev is HEAD or disk');
  let result: CompileResult;
  if (rev === 'HEAD') {
    const head = await headText(await repoAt(s.root), file!);
    if (head === null) return sendHtml(res, (await s.renderEntry()).renderErrorPage(`${file} is new: the last commit has no version of it.`, []));
    result = await s.compile(new Map([[file!, head]]));
  } else result = await s.compile(rev === 'disk' ? new Map() : s.drafts);
  const { html, page } = await previewOf(s, file!, url.searchParams.get('route'), result, url.searchParams.get('variant'));
  sendHtml(res, page ? await s.vite.transformIndexHtml(page.route, html) : html);
}

/**
 * The page of `file` (the catalogue: of the route it names, as its products are shown on many), or the
 * error report. With `variant`, that variant of the page's experiment: the definition the compile made
 * for its variant file, as the build renders it (a variant the page does not declare is said so).
 */
export async function previewOf(s: Session, file: string, route: string | null, result: CompileResult, variant: string | null = null): Promise<{ html: string; page?: PageDefinition }> {
  const { renderPage, renderErrorPage } = await s.renderEntry();
  const DEV_CLIENT = '/@vite/client';
  const control = result.site?.pages.find((p) => p.file === file) ?? result.site?.pages.find((p) => p.route === route);
  const page = !variant || variant === CONTROL || !control ? control : result.site?.variants?.find((p) => p.route === control.route && p.variant === variant);
  if (!result.ok || !page) {
    const report = !result.ok ? formatReport(result.diagnostics, result.texts)
      : control ? `${file} has no variant ${JSON.stringify(variant)}: its experiment's variants are ${control.experiment?.variants.join(', ') || 'none'}.`
      : `${file} makes no page of its own (it is not a page file, or a template folds it into others).`;
    return { html: renderErrorPage(report, [DEV_CLIENT]) };
  }
  const { html } = renderPage({ compiled: result.site!, page, ...s.renderInput() });
  return { html, page };
}
