// A form generated from a block's JSON Schema (after Puck's per-block fields): each field a labelled
// control whose accessible name is the schema's `title`, its `description` as help, its default as the
// placeholder; enums are selects, product ids a picker of the catalogue's names, a blog category one of the blog index's, booleans switches,
// lists can add, remove and reorder, inline text and Markdown are text areas. Every change is an Edit
// on the file (the server writes it into the YAML text; see generator/studio/yaml-edit.ts).
import { useState, type ReactNode } from 'react';
import { IconButton, Select, Switch } from './controls.tsx';
import { fieldId, type Diagnostic, type Edit, type PathSegment, type Schema } from './api.ts';

export interface FormContext {
  edit: (edit: Edit) => void;
  diagnosticsAt: (path: readonly PathSegment[]) => Diagnostic[];
  products: { id: string; name: string }[];
  /** The categories the blog index declares, for a field whose schema says it names one. */
  categories: string[];
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
const label = (s: Schema, key: PathSegment) => s.title ?? String(key);

/** A starting value for a new item of a list: the schema's first example, else an empty one. */
export function startValue(s: Schema): unknown {
  if (s.examples?.length) return structuredClone(s.examples[0]);
  if (s.default !== undefined) return structuredClone(s.default);
  const t = typeOf(s);
  if (t === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of s.required ?? []) out[k] = s.properties?.[k] ? startValue(s.properties[k]!) : '';
    return out;
  }
  if (t === 'array') return [];
  if (t === 'boolean') return false;
  if (t === 'number' || t === 'integer') return 0;
  return s.enum?.[0] ?? 'New text';
}

/** A field's problems, under it (its control's aria-describedby names `id`). */
export function FieldDiagnostics({ list, id }: { list: Diagnostic[]; id?: string }) {
  if (!list.length) return null;
  return (
    <ul className="studio-field-diagnostics" id={id}>
      {list.map((d, i) => (
        <li key={i} className={d.severity === 'error' ? 'is-error' : 'is-warning'}>
          <strong>{d.severity === 'error' ? 'Error' : 'Warning'}:</strong> {d.message}
        </li>
      ))}
    </ul>
  );
}

/** The fields of an object, each from its property's schema (`type`, fixed by the block, is not a field). */
export function ObjectFields({ schema, value, path, ctx, skip = [] }: { schema: Schema; value: Record<string, unknown> | undefined; path: PathSegment[]; ctx: FormContext; skip?: string[] }) {
  const props = Object.entries(schema.properties ?? {}).filter(([k, s]) => !skip.includes(k) && s.const === undefined);
  return (
    <>
      {props.map(([key, s]) => (
        <Field key={key} schema={s} value={value?.[key]} path={[...path, key]} required={schema.required?.includes(key) ?? false} ctx={ctx} />
      ))}
    </>
  );
}

export function Field({ schema, value, path, required, ctx }: { schema: Schema; value: unknown; path: PathSegment[]; required: boolean; ctx: FormContext }) {
  const id = fieldId(path);
  // A long text gets a box, decided once when the field is shown: a line that turned into a box as it
  // was typed into would be a new element, losing the focus and every key typed after.
  const [long] = useState(() => typeof value === 'string' && (value.length > 70 || value.includes('\n')));
  const helpId = `${id}-help`;
  const diagId = `${id}-diagnostics`;
  const diagnostics = ctx.diagnosticsAt(path);
  const t = typeOf(schema);
  const name = label(schema, path[path.length - 1]!);
  const describedBy = [schema.description ? helpId : '', diagnostics.length ? diagId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = diagnostics.some((d) => d.severity === 'error') || undefined;
  const help = schema.description ? <p className="studio-help" id={helpId}>{schema.description}</p> : null;
  const set = (v: unknown) => ctx.edit(v === undefined ? { op: 'delete', path } : { op: 'set', path, value: v });
  // Emptying an optional field removes its key, so the schema's default applies again.
  const setText = (v: string) => set(v === '' && !required ? undefined : v);

  if (t === 'object') {
    const obj = value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    return (
      <fieldset className="studio-fieldset" id={id} aria-describedby={describedBy}>
        <legend>{name}{required ? '' : ' (optional)'}</legend>
        {help}
        <FieldDiagnostics list={diagnostics} id={diagId} />
        {obj || required ? (
          <ObjectFields schema={schema} value={obj} path={path} ctx={ctx} />
        ) : (
          <button type="button" onClick={() => set(startValue(schema))}>Add {name.toLowerCase()}</button>
        )}
        {obj && !required && <button type="button" className="studio-quiet" onClick={() => set(undefined)}>Remove {name.toLowerCase()}</button>}
      </fieldset>
    );
  }
  if (t === 'array') return <ListField schema={schema} value={Array.isArray(value) ? value : []} path={path} name={name} help={help} describedBy={describedBy} diagnostics={<FieldDiagnostics list={diagnostics} id={diagId} />} ctx={ctx} required={required} />;

  if (t === 'boolean') {
    const on = value === true || (value === undefined && schema.default === true);
    return (
      <div className="studio-field">
        <span className="studio-label-row">
          <label htmlFor={id}>{name}</label>
          <Switch id={id} checked={on} describedBy={describedBy} onChange={(v) => set(v)} />
        </span>
        {help}
        <FieldDiagnostics list={diagnostics} id={diagId} />
      </div>
    );
  }
  return (
    <FieldRow id={id} label={name} required={required} help={help} problems={diagnostics}>
      {scalarControl({ schema, value, id, required, long, describedBy, invalid, ctx, set, setText })}
    </FieldRow>
  );
}

/** One field: its label (marked when required), its help, its control, and its problems under it. */
export function FieldRow({ id, label, required, help, problems, children }: { id: string; label: string; required: boolean; help: ReactNode; problems: Diagnostic[]; children: ReactNode }) {
  return (
    <div className="studio-field">
      <span className="studio-label-row">
        <label htmlFor={id}>{label}</label>
        {required ? <span className="studio-required">required</span> : null}
      </span>
      {help}
      {children}
      <FieldDiagnostics list={problems} id={`${id}-diagnostics`} />
    </div>
  );
}

/** The input a text, number or choice is edited with: a select for a list of values, a box for prose. */
function scalarControl(f: { schema: Schema; value: unknown; id: string; required: boolean; long: boolean; describedBy?: string; invalid?: true; ctx: FormContext; set: (v: unknown) => void; setText: (v: string) => void }): ReactNode {
  const { schema, value, id, required, long, describedBy, invalid, ctx, set, setText } = f;
  const t = typeOf(schema);
  const kind = schema['x-kind'];
  const current = value === undefined || value === null ? '' : String(value);
  if (schema.enum || kind === 'productId' || kind === 'blogCategory') {
    const options =
      kind === 'productId' ? ctx.products.map((p) => ({ value: p.id, text: `${p.name} (${p.id})` }))
      : kind === 'blogCategory' ? ctx.categories.map((c) => ({ value: c, text: c }))
      : schema.enum!.map((v) => ({ value: String(v), text: String(v) }));
    // A value the options lack (a misspelt id) stays shown, so its diagnostic has something to point at.
    if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, text: `${current} (unknown)` });
    const none = schema.default !== undefined ? `Default (${String(schema.default)})` : '—';
    if (!required || !current) options.unshift({ value: '', text: none });
    return <Select id={id} value={current} options={options} placeholder={none} describedBy={describedBy} invalid={invalid} onChange={setText} />;
  } else if (t === 'number' || t === 'integer') {
    return (
      <input id={id} type="number" step={t === 'integer' ? 1 : 'any'} value={current} placeholder={schema.default !== undefined ? String(schema.default) : undefined} aria-describedby={describedBy} aria-invalid={invalid}
        onChange={(e) => set(e.target.value === '' ? (required ? 0 : undefined) : Number(e.target.value))} />
    );
  } else if (kind === 'markdown' || kind === 'text' || kind === 'inline' || long) {
    return <textarea id={id} rows={kind === 'markdown' ? 14 : 3} value={current} placeholder={schema.default !== undefined ? String(schema.default) : undefined} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => setText(e.target.value)} />;
  } else {
    return <input id={id} type="text" value={current} placeholder={schema.default !== undefined ? String(schema.default) : undefined} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => setText(e.target.value)} />;
  }
}

/** What a list item is called, for its row: its name, title, question or id. */
function itemName(v: unknown): string {
  if (!v || typeof v !== 'object') return '';
  const o = v as Record<string, unknown>;
  const name = [o.name, o.title, o.question, o.label, o.id].find((x) => typeof x === 'string' && x);
  return name ? String(name).replace(/[*_]/g, '').slice(0, 60) : '';
}

function ListField(props: { schema: Schema; value: unknown[]; path: PathSegment[]; name: string; help: ReactNode; describedBy?: string; diagnostics: ReactNode; ctx: FormContext; required: boolean }) {
  const { schema, value, path, name, ctx } = props;
  const item = schema.items ?? {};
  const add = () => (value.length ? ctx.edit({ op: 'insert', path, index: value.length, value: startValue(item) }) : ctx.edit({ op: 'set', path, value: [startValue(item)] }));
  return (
    <fieldset className="studio-fieldset" id={fieldId(path)} aria-describedby={props.describedBy}>
      <legend>{name}</legend>
      {props.help}
      {props.diagnostics}
      <ol className="studio-list">
        {value.map((v, i) => (
          <li key={i}>
            <div className="studio-list-tools" role="group" aria-label={`${item.title ?? 'Item'} ${i + 1}`}>
              <span>{item.title ?? 'Item'} {i + 1}{itemName(v) ? `: ${itemName(v)}` : ''}</span>
              <IconButton disabled={i === 0} onClick={() => ctx.edit({ op: 'move', path, from: i, to: i - 1 })} label={`Move ${item.title ?? 'item'} ${i + 1} up`}>↑</IconButton>
              <IconButton disabled={i === value.length - 1} onClick={() => ctx.edit({ op: 'move', path, from: i, to: i + 1 })} label={`Move ${item.title ?? 'item'} ${i + 1} down`}>↓</IconButton>
              <button type="button" onClick={() => ctx.edit({ op: 'delete', path: [...path, i] })} aria-label={`Remove ${item.title ?? 'item'} ${i + 1}`}>Remove</button>
            </div>
            <Field schema={{ ...item, title: item.title ?? `${name} ${i + 1}` }} value={v} path={[...path, i]} required ctx={ctx} />
          </li>
        ))}
      </ol>
      <button type="button" onClick={add}>Add {(item.title ?? 'item').toLowerCase()}</button>
    </fieldset>
  );
}
