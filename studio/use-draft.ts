// One file's unsaved text in the studio, as the server holds it: each change is an Edit the server
// writes into the YAML text (generator/studio/routes/files.ts); the text it answers with is the one
// saved, undone and redone, so a save changes only what was edited. Edits are queued and sent one
// request at a time, in order; typing in one field is one step of the history.
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { api, formatPath, type Described, type Diagnostic, type Edit } from './api.ts';
import { applyLocal } from './local-edit.ts';

export type Data = Record<string, unknown>;

/** What the last answer said of the text, and what the preview and the bar show of it. */
export interface DraftView {
  diagnostics: Diagnostic[];
  /** Errors in other files, which stop the preview. */
  elsewhere: number;
  /** The page's route, once the compile made one. */
  route?: string;
  /** The page made from the newest draft, which the preview shows at once. */
  made?: string;
  /** Counts the answers: the preview loads again on each. */
  version: number;
  dirty: boolean;
  past: number;
  future: number;
}

type Answer = Described & { text: string; preview?: string };

/** The text as the server last answered it, the one saved, and the history and queue of edits. */
interface Held {
  text: string;
  saved: string;
  base: string | null;
  past: string[];
  future: string[];
  queue: Edit[];
  /** The field being typed into, while its typing is the newest step of the history. */
  typing: string | null;
  chain: Promise<void>;
}

const FIRST: DraftView = { diagnostics: [], elsewhere: 0, version: 0, dirty: false, past: 0, future: 0 };

/**
 * `shows`: the page the preview shows for a file without its own. `variant`: the version the preview
 * shows now (an answer made for another is shown without its page). `say`: a line for the status bar.
 */
export function useDraft(file: string, shows: string | undefined, variant: MutableRefObject<string>, say: (line: string) => void) {
  const [data, setData] = useState<Data | null>(null);
  const [view, setView] = useState<DraftView>(FIRST);
  const d = useRef<Held>({ text: '', saved: '', base: null, past: [], future: [], queue: [], typing: null, chain: Promise.resolve() });

  const accept = useCallback((r: Answer, replaceData: boolean) => {
    d.current.text = r.text;
    if (replaceData) setData((r.data ?? {}) as Data);
    const { past, future, saved } = d.current;
    setView((v) => ({ diagnostics: r.diagnostics, elsewhere: r.errorsElsewhere, route: r.route ?? v.route, made: r.preview, version: v.version + 1, dirty: r.text !== saved, past: past.length, future: future.length }));
  }, []);

  /** An answer's page only while the version it was made for is still the one shown (else the preview fetches its own). */
  const sameVersion = <R extends { preview?: string }>(r: R, asked: string): R => (asked === variant.current ? r : { ...r, preview: undefined });
  const draft = useCallback(async (text: string, edits: Edit[], asked = variant.current) => {
    return sameVersion(await api.draft(file, text, edits, shows, asked), asked);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, shows]);

  const load = useCallback(async () => {
    const r = await api.open(file);
    Object.assign(d.current, { saved: r.text, base: r.hash, past: [], future: [], typing: null });
    accept(r, true);
  }, [file, accept]);

  useEffect(() => {
    load().catch((e) => say(`Could not open ${file}: ${(e as Error).message}`));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, file]);

  const sending = useSending(d, variant, draft, accept, say);
  const { settled, restore } = sending;
  /** Edits applied in order, here at once and on the server as one request (one step of the history). */
  const editAll = useCallback((es: Edit[]) => {
    if (!es.length) return;
    setData((x) => (x ? es.reduce(applyLocal, x) : x));
    sending.send(es);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sending.send]);

  return {
    data,
    view,
    load,
    editAll,
    settled,
    undo: () => restore('undo'),
    redo: () => restore('redo'),
    /** The text now, and the version of the file it was opened or last saved as. */
    current: () => ({ text: d.current.text, base: d.current.base }),
    saved: (hash: string) => {
      Object.assign(d.current, { base: hash, saved: d.current.text });
      setView((v) => ({ ...v, dirty: false }));
    },
    /** The page the last draft brought is another version's: the preview loads the new one itself. */
    forgetMade: () => setView((v) => ({ ...v, made: undefined })),
  };
}

export type Draft = ReturnType<typeof useDraft>;

/** Sending the queued edits, one request at a time, and undoing and redoing through the history. */
function useSending(d: MutableRefObject<Held>, variant: MutableRefObject<string>, draft: (text: string, edits: Edit[], asked?: string) => Promise<Answer>, accept: (r: Answer, replaceData: boolean) => void, say: (line: string) => void) {
  /**
   * Send the queued edits; one request at a time, in order. A keystroke is sent at once when none is on
   * its way, else with the keys typed meanwhile when it is back: the preview follows as fast as the
   * server answers, and the server is never asked faster than that.
   */
  const flush = useCallback(() => {
    const s = d.current;
    s.chain = s.chain.then(async () => {
      if (!s.queue.length) return;
      const edits = s.queue.splice(0);
      const before = s.text;
      // Typing in one field is one step of the history, however many requests it took (a switch or a
      // select flipped twice is two).
      const only = edits.length === 1 ? edits[0]! : undefined;
      const field = only?.op === 'set' && (typeof only.value === 'string' || typeof only.value === 'number') ? formatPath(only.path) : null;
      // The version the answer's page is made for, as it was when asked.
      const asked = variant.current;
      try {
        const r = await draft(before, edits, asked);
        if (r.text !== before) {
          if (field === null || s.typing !== field) s.past.push(before);
          s.typing = field;
          s.future = [];
        }
        accept(r, s.queue.length === 0);
      } catch (e) {
        say(`That change could not be written: ${(e as Error).message}`);
        accept(await draft(before, [], asked), true);
      }
    });
    return s.chain;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, accept]);

  /** Edits queued in order, sent as one request. */
  const send = useCallback((es: Edit[]) => {
    const { queue } = d.current;
    for (const e of es) {
      const last = queue[queue.length - 1];
      // Typing in one field is one edit, however many keys it took.
      if (e.op === 'set' && last?.op === 'set' && formatPath(last.path) === formatPath(e.path)) queue[queue.length - 1] = e;
      else queue.push(e);
    }
    void flush();
  }, [flush]);

  /** Every change on its way is in: what the server holds is the newest text. */
  const settled = useCallback(async () => {
    await flush();
    await d.current.chain;
  }, [flush]);

  // The stacks are read after the changes still on their way are in: sending one empties `future`.
  const restore = useCallback(async (direction: 'undo' | 'redo') => {
    await settled();
    const s = d.current;
    const [from, to] = direction === 'undo' ? [s.past, s.future] : [s.future, s.past];
    const prev = from.pop();
    if (prev === undefined) return;
    s.typing = null;
    to.push(s.text);
    accept(await draft(prev, []), true);
  }, [settled, draft, accept]);

  return { send, settled, restore };
}
