// The editor's bar and its panels: the file's name with its state, undo, redo and save; a change on
// disk to reload or overwrite; the pages a catalogue change affects; the problems, each a jump to its field.
import type { Diagnostic } from './api.ts';
import type { AffectedPages } from './use-save.ts';
import type { DraftView } from './use-draft.ts';

export function EditorBar(p: { title: string; file: string; errors: number; view: DraftView; onBack: () => void; undo: () => void; redo: () => void; save: () => void }) {
  return (
    <header className="studio-bar">
      <button type="button" onClick={p.onBack}>← All pages</button>
      <h1>{p.title} <span className="studio-file">{p.file}</span></h1>
      {p.errors > 0 && <span className="studio-badge is-error">Failing: {p.errors} error{p.errors > 1 ? 's' : ''}</span>}
      {p.view.dirty && <span className="studio-badge">Unsaved changes</span>}
      <span className="studio-bar-tools">
        <button type="button" onClick={p.undo} disabled={!p.view.past}>Undo</button>
        <button type="button" onClick={p.redo} disabled={!p.view.future}>Redo</button>
        <button type="button" className="studio-primary" onClick={p.save}>Save</button>
      </span>
    </header>
  );
}

export function ConflictPanel({ file, reload, overwrite }: { file: string; reload: () => void; overwrite: () => void }) {
  return (
    <div role="alertdialog" aria-labelledby="conflict-title" className="studio-panel is-warning">
      <h2 id="conflict-title">This file changed on disk</h2>
      <p>Someone (or another program) changed {file} after you opened it. Reload it to see their version (your unsaved changes are lost), or keep yours and overwrite theirs.</p>
      <button type="button" onClick={reload}>Reload from disk</button> <button type="button" onClick={overwrite}>Overwrite with my version</button>
    </div>
  );
}

export function AffectedPanel({ affected, save, cancel }: { affected: AffectedPages; save: () => void; cancel: () => void }) {
  return (
    <div role="alertdialog" aria-labelledby="affected-title" className="studio-panel">
      <h2 id="affected-title">This change affects {affected.length} page{affected.length === 1 ? '' : 's'}</h2>
      <ul>{affected.map((p) => <li key={p.route}>{p.title} <code>{p.route}</code></li>)}</ul>
      <button type="button" className="studio-primary" onClick={save}>Save the catalogue</button> <button type="button" onClick={cancel}>Cancel</button>
    </div>
  );
}

export function ProblemsPanel({ diagnostics, elsewhere, jump }: { diagnostics: Diagnostic[]; elsewhere: number; jump: (d: Diagnostic) => void }) {
  if (!diagnostics.length && !elsewhere) return null;
  return (
    <section className="studio-panel" aria-labelledby="diag-title">
      <h2 id="diag-title">Problems</h2>
      {elsewhere > 0 && <p>{elsewhere} error{elsewhere > 1 ? 's' : ''} in other files stop the preview until fixed.</p>}
      <ul className="studio-diagnostics">
        {diagnostics.map((d, i) => (
          <li key={i}>
            <button type="button" className={d.severity === 'error' ? 'is-error' : 'is-warning'} onClick={() => jump(d)}>
              Line {d.line}: {d.message}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
