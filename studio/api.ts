// The studio's calls to its server (generator/studio/server.ts). Writes are JSON POSTs from this origin,
// with the run's token (see `token` below; no other page can read it).
// The API's types are generator/studio/api-types.ts, shared with the server (type-only: nothing of the
// generator's code reaches the browser).
import type { Changes, Described, Diagnostic, Edit, PageSummary, PathSegment, Published, StudioSchemas } from '../generator/studio/api-types.ts';

export type * from '../generator/studio/api-types.ts';

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body: Record<string, unknown>) {
    super(message);
  }
}

/**
 * This run's write token. On this machine the server puts it in the page (always this run's, so it wins
 * over a link kept from an earlier run); another machine gets it only from the `/_studio#token=…` link
 * the dev server printed. That one is kept for the tab's session (so a reload still writes) and taken
 * out of the address bar, so it is not left in the history or shared along with the address.
 */
const fromLink = linkToken();
const token = document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content ?? fromLink ?? sessionStorage.getItem('studio-token') ?? '';

function linkToken(): string | undefined {
  const given = new URLSearchParams(location.hash.slice(1)).get('token');
  if (!given) return undefined;
  sessionStorage.setItem('studio-token', given);
  history.replaceState(history.state, '', location.pathname + location.search);
  return given;
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-token': token }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new ApiError(res.status, String(json.error ?? res.statusText), json);
  return json as T;
}

export const api = {
  pages: () => call<PageSummary[]>('/_studio/api/pages'),
  schemas: () => call<StudioSchemas>('/_studio/api/schemas'),
  /** The file as it is on disk; its unsaved draft from before is dropped (so a POST: a GET changes nothing). */
  open: (file: string) => call<{ file: string; text: string; hash: string } & Described>('/_studio/api/open', { file }),
  /** `preview`: the page made from the new text (`route`: the page a file without its own shows; `variant`: the version of its experiment). */
  draft: (file: string, text: string, edits: Edit[] = [], route?: string, variant?: string) => call<{ text: string; preview: string } & Described>('/_studio/api/draft', { file, text, edits, route, variant }),
  save: (file: string, text: string, base: string | null) => call<{ hash: string }>('/_studio/api/save', { file, text, base }),
  create: (kind: string, name: string) => call<{ file?: string; output: string }>('/_studio/api/new', { kind, name }),
  changes: () => call<Changes>('/_studio/api/changes'),
  discard: (file: string) => call<{ file: string; restored: 'head' | 'removed' }>('/_studio/api/discard', { file }),
  /** Refused (422) while the site has errors: the ApiError's body holds them (`errors`, `report`). */
  publish: (files: string[], message: string) => call<Published>('/_studio/api/publish', { files, message }),
  affected: (text: string) => call<{ ok: boolean; pages: { file: string; route: string; title: string }[]; diagnostics: Diagnostic[] }>('/_studio/api/affected', { text }),
};

/** `sections[2].items[0].answer`, as the generator's diagnostics name a place. */
export function formatPath(path: readonly PathSegment[]): string {
  return path.reduce<string>((s, seg) => (typeof seg === 'number' ? `${s}[${seg}]` : s ? `${s}.${seg}` : seg), '');
}

/** The id of a field's control, from its path (the diagnostics list jumps to it). */
export const fieldId = (path: readonly PathSegment[]) => `field-${formatPath(path).replace(/[^a-zA-Z0-9_-]/g, '_')}`;
