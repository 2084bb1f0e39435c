// The studio's lists: every page file with its state and group, and the schemas its forms are made from.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { isYaml, listFiles } from '../../store/files.ts';
import { routeOf } from '../../core/load.ts';
import type { CompileResult } from '../../core/compile.ts';
import { parseMoment, publicationOf } from '../../core/publication.ts';
import type { PageSummary } from '../api-types.ts';
import type { Route } from '../http.ts';
import { groupOf } from '../page-groups.ts';
import { studioSchemas } from '../schemas-for-ui.ts';
import type { Session } from '../session.ts';

export const pageRoutes = (s: Session): Record<string, Route> => ({
  'GET /_studio/api/pages': async () => listPages(s.root, await s.compile(new Map()), s.asOf()),
  'GET /_studio/api/schemas': async () => studioSchemas(s.root),
});

/** Every page file with its route, template, state, group and the count of its diagnostics. */
export function listPages(root: string, result: CompileResult, asOf: Date): PageSummary[] {
  return listFiles(join(root, 'pages'), isYaml).map((full) => {
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
