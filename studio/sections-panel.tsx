// The page's blocks top to bottom, as the studio lists them: select one to edit it, move it (↑ ↓,
// Alt+arrows, drag), duplicate or delete it, and add a block of a type the page's template holds.
import { useRef, useState, type KeyboardEvent } from 'react';
import { startValue } from './schema-form.tsx';
import { IconButton, Select } from './controls.tsx';
import type { Diagnostic, Edit, Schema, StudioSchemas } from './api.ts';
import type { BlockData } from './variants.ts';

/** A mark on copy not written yet: the example's, a starter's, or DRAFT: (as a warning: the page still builds). */
export const isUnwritten = (d: Diagnostic) => d.name === 'ExampleCopy' || (d.name === 'DraftCopy' && d.severity === 'warning');

/** A block's one-line summary: its first short text. */
export function summary(section: BlockData): string {
  for (const key of ['headline', 'heading', 'title', 'label', 'text', 'content', 'question', 'name']) {
    const v = section[key];
    if (typeof v === 'string' && v.trim()) return v.replace(/[*_#`]/g, '').trim().slice(0, 80);
  }
  const first = Object.entries(section).find(([k, v]) => k !== 'type' && typeof v === 'string');
  return first ? String(first[1]).slice(0, 80) : '';
}

export function Sections(props: { sections: BlockData[]; template: string; selected: number | null; setSelected: (i: number | null) => void; edit: (e: Edit) => void; schemas: StudioSchemas; diagnostics: Diagnostic[] }) {
  const { sections, selected, setSelected, edit, schemas } = props;
  // Only the blocks this page's template holds: the page schema says which, and validate enforces it.
  const types = schemas.blocksByTemplate[props.template] ?? Object.keys(schemas.blocks);
  const [chosen, setAdding] = useState(types.includes('faq') ? 'faq' : types[0]!);
  const adding = types.includes(chosen) ? chosen : types[0]!;
  const listRef = useRef<HTMLOListElement>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length) return;
    edit({ op: 'move', path: ['sections'], from, to });
    setSelected(to);
    requestAnimationFrame(() => (listRef.current?.querySelectorAll<HTMLButtonElement>('.studio-section-select')[to])?.focus());
  };
  const onKey = (i: number) => (e: KeyboardEvent) => {
    if (e.altKey && e.key === 'ArrowUp') (e.preventDefault(), move(i, i - 1));
    else if (e.altKey && e.key === 'ArrowDown') (e.preventDefault(), move(i, i + 1));
  };
  const [dragged, setDragged] = useState<number | null>(null);
  const errorsIn = (i: number) => props.diagnostics.filter((d) => d.severity === 'error' && d.path.startsWith(`sections[${i}]`)).length;
  // Copy not written yet (the palette's example, or DRAFT:), marked on its block (generator/studio/example-copy.ts).
  // Copy not written yet (the palette's example, or DRAFT:), marked on its block (generator/studio/example-copy.ts).
  const unwrittenIn = (i: number, name: Diagnostic['name']) => props.diagnostics.filter((d) => isUnwritten(d) && d.name === name && d.path.startsWith(`sections[${i}]`)).length;
  const add = () => {
    const at = selected === null ? sections.length : selected + 1;
    const schema: Schema = schemas.blocks[adding] ?? {};
    const value = schema.examples?.length ? startValue(schema) : { type: adding };
    edit(sections.length ? { op: 'insert', path: ['sections'], index: at, value } : { op: 'set', path: ['sections'], value: [value] });
    setSelected(at);
  };
  return (
    <section className="studio-panel" aria-labelledby="sections-title">
      <h2 id="sections-title">Sections</h2>
      <p className="studio-help">Select a block to edit it. Alt+↑ and Alt+↓ move the selected block.</p>
      <ol className="studio-sections" ref={listRef}>
        {sections.map((s, i) => (
          <li key={i} className={i === selected ? 'is-selected' : undefined} draggable onDragStart={() => setDragged(i)} onDragOver={(e) => e.preventDefault()} onDrop={() => (dragged !== null && dragged !== i ? move(dragged, i) : undefined, setDragged(null))}>
            <button type="button" className="studio-section-select" aria-current={i === selected ? 'true' : undefined} onClick={() => setSelected(i === selected ? null : i)} onKeyDown={onKey(i)}>
              <span className="studio-section-type">{s.type}</span> <span className="studio-section-summary">{summary(s)}</span>
              {errorsIn(i) > 0 && <span className="studio-badge is-error">{errorsIn(i)} error{errorsIn(i) > 1 ? 's' : ''}</span>}
              {unwrittenIn(i, 'ExampleCopy') > 0 && <span className="studio-badge is-example">Example copy</span>}
              {unwrittenIn(i, 'DraftCopy') > 0 && <span className="studio-badge is-draft-copy">DRAFT: text</span>}
              {!!s.variants && typeof s.variants === 'object' && <span className="studio-badge is-variant">Varies: {Object.keys(s.variants).join(', ')}</span>}
            </button>
            <span className="studio-section-tools" role="group" aria-label={`Block ${i + 1} (${s.type})`}>
              <IconButton onClick={() => move(i, i - 1)} disabled={i === 0} label={`Move block ${i + 1} (${s.type}) up`}>↑</IconButton>
              <IconButton onClick={() => move(i, i + 1)} disabled={i === sections.length - 1} label={`Move block ${i + 1} (${s.type}) down`}>↓</IconButton>
              <button type="button" onClick={() => (edit({ op: 'duplicate', path: ['sections'], index: i }), setSelected(i + 1))} aria-label={`Duplicate block ${i + 1} (${s.type})`}>Duplicate</button>
              <button type="button" onClick={() => (edit({ op: 'delete', path: ['sections', i] }), setSelected(null))} aria-label={`Delete block ${i + 1} (${s.type})`}>Delete</button>
            </span>
          </li>
        ))}
      </ol>
      <div className="studio-palette">
        <label htmlFor="palette">Block type to add</label>
        <Select id="palette" value={adding} options={types.map((t) => ({ value: t, text: t }))} onChange={setAdding} describedBy="palette-help" />
        <button type="button" onClick={add}>Add block</button>
        <p className="studio-help" id="palette-help">{schemas.blocks[adding]?.description}</p>
      </div>
    </section>
  );
}

