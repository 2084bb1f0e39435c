// "The site is publishable", said once: every page valid and cross-checked, every block complete, the
// generated types current. `npm run validate` (cli/validate.ts) and the studio's Publish
// (studio/git-publish.ts) both ask this. A function of the tree: the same files give the same answer on
// any machine. Reading the experiments' counts from a database (experiment-verdicts.ts) is asked for
// explicitly (`verdicts`, `npm run validate -- --verdicts`), and only adds warnings; so is the check
// that a site built for a hosted backend names a mail provider (`backendUrl`, which npm run validate
// passes from VITE_SUPABASE_URL; mail-provider.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { staleTypesDiagnostics } from '../authoring/generate-types.ts';
import { compileSite, type CompileOptions, type CompileResult } from '../core/compile.ts';
import type { Diagnostic } from '../core/errors.ts';
import { experimentVerdicts } from './experiment-verdicts.ts';
import { mailProviderDiagnostics } from './mail-provider.ts';

export interface ValidateOptions extends Pick<CompileOptions, 'components' | 'asOf' | 'texts'> {
  /** Also warn about experiments that have reached a verdict, read from DATABASE_URL or the stopped stand-in's database. */
  verdicts?: boolean;
  /** The backend the site is built for (VITE_SUPABASE_URL): a hosted one needs a mail provider (mail-provider.ts). */
  backendUrl?: string;
}

export interface SiteValidation {
  /** The compile behind the answer (its site, its texts for the report). */
  result: CompileResult;
  /** The compile's, the generated types', and with `verdicts` the experiments'. */
  diagnostics: Diagnostic[];
  /** No error among them (warnings allowed). */
  ok: boolean;
}

export async function validateSite(root: string, opts: ValidateOptions = {}): Promise<SiteValidation> {
  const { verdicts, backendUrl, ...compile } = opts;
  const result = compileSite(root, compile);
  // A site without committed types (a fixture, a starter) has none to keep current.
  const stale = existsSync(join(root, 'model')) ? await staleTypesDiagnostics(root) : [];
  const answered = verdicts && result.site ? await experimentVerdicts(root, result.site) : [];
  const mail = backendUrl ? mailProviderDiagnostics(root, backendUrl) : [];
  const diagnostics = [...result.diagnostics, ...stale, ...answered, ...mail];
  return { result, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
