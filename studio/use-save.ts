// Saving one file from the studio: never over a change made on disk since it was opened (the server
// answers 409; the marketer reloads or overwrites), and for the catalogue, only once the pages it
// affects have been shown. Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z redoes.
import { useEffect, useState } from 'react';
import { api, ApiError, type Diagnostic } from './api.ts';
import type { Draft } from './use-draft.ts';

export type AffectedPages = { file: string; route: string; title: string }[];

export function useSave(file: string, catalogue: boolean, draft: Draft, diagnostics: Diagnostic[], say: (line: string) => void) {
  const [conflict, setConflict] = useState<{ text: string | null; hash: string | null } | null>(null);
  const [affected, setAffected] = useState<AffectedPages | null>(null);

  const save = async (overwrite = false) => {
    await draft.settled();
    const { text, base } = draft.current();
    if (catalogue && affected === null && !overwrite) {
      const r = await api.affected(text);
      setAffected(r.pages);
      return;
    }
    try {
      const r = await api.save(file, text, overwrite && conflict ? conflict.hash : base);
      draft.saved(r.hash);
      setConflict(null);
      setAffected(null);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      say(errors ? `Saved ${file}. It has ${errors} error${errors > 1 ? 's' : ''}: the site will not build until they are fixed.` : `Saved ${file}.`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setConflict({ text: (e.body.text as string | null) ?? null, hash: (e.body.hash as string | null) ?? null });
        say(`${file} changed on disk since you opened it. Nothing was saved.`);
      } else say(`Not saved: ${(e as Error).message}`);
    }
  };

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 's') (e.preventDefault(), void save());
      else if (k === 'z' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) (e.preventDefault(), void (e.shiftKey ? draft.redo() : draft.undo()));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  /** The file as it is on disk again: the unsaved changes are dropped. */
  const reload = async () => {
    await draft.load();
    setConflict(null);
  };

  return { save, conflict, affected, cancelAffected: () => setAffected(null), reload };
}
