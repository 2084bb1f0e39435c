// One file in the studio: on the left its settings, its sections and the form of the block being
// edited; on the right the real page from the dev server, made from the unsaved text as the marketer
// types. Each change is an Edit the server writes into the YAML text; the text it answers with is the
// one saved, undone and redone, so a save changes only what was edited.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { api, ApiError, fieldId, formatPath, type Diagnostic, type Edit, type PathSegment, type Schema, type StudioSchemas } from './api.ts';
import { Disclosure, IconButton, Select } from './controls.tsx';
import { ObjectFields, startValue, type FormContext } from './schema-form.tsx';
import { applyLocal } from './local-edit.ts';
import { ExperimentPanel } from './experiment-panel.tsx';
import { BlockForm } from './variant-form.tsx';
import { armsOf, CONTROL, shownAs, type PageData } from './variants.ts';

const CATALOGUE = 'site.config.yaml';

type Data = Record<string, unknown>;
type Section = { type?: string } & Record<string, unknown>;

/** A mark on copy not written yet: the example's, a starter's, or DRAFT: (as a warning: the page still builds). */
export const isUnwritten = (d: Diagnostic) => d.name === 'ExampleCopy' || (d.name === 'DraftCopy' && d.severity === 'warning');

/** `sections[2].items[0]` back to its segments. */
function parsePath(path: string): PathSegment[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

/** A block's one-line summary: its first short text. */
function summary(section: Section): string {
  for (const key of ['headline', 'heading', 'title', 'label', 'text', 'content', 'question', 'name']) {
    const v = section[key];
    if (typeof v === 'string' && v.trim()) return v.replace(/[*_#`]/g, '').trim().slice(0, 80);
  }
  const first = Object.entries(section).find(([k, v]) => k !== 'type' && typeof v === 'string');
  return first ? String(first[1]).slice(0, 80) : '';
}

export function Editor({ file, schemas, onBack }: { file: string; schemas: StudioSchemas; onBack: () => void }) {
  const catalogue = file === CATALOGUE;
  /** The page the preview shows for a file without its own: the catalogue's products are on the home page. */
  const shows = catalogue ? '/' : undefined;
  const [data, setData] = useState<Data | null>(null);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [elsewhere, setElsewhere] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState('');
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<{ text: string | null; hash: string | null } | null>(null);
  const [affected, setAffected] = useState<{ file: string; route: string; title: string }[] | null>(null);
  const [history, setHistory] = useState({ past: 0, future: 0 });
  const [route, setRoute] = useState<string | undefined>();
  /** The version of the page's experiment the forms edit and the preview shows (the control without one). */
  const [variant, setVariant] = useState(CONTROL);
  const variantRef = useRef(CONTROL);
  const [settingsOpen, setSettingsOpen] = useState(false);
  /** The page made from the newest draft, which the preview shows at once. */
  const [made, setMade] = useState<string | undefined>();
  const text = useRef('');
  const saved = useRef('');
  const base = useRef<string | null>(null);
  const past = useRef<string[]>([]);
  const future = useRef<string[]>([]);
  const queue = useRef<Edit[]>([]);
  /** The field being typed into, while its typing is the newest step of the history. */
  const typing = useRef<string | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const focusAfter = useRef<string | null>(null);

  const accept = useCallback((r: { text: string; data: unknown; diagnostics: Diagnostic[]; errorsElsewhere: number; route?: string; preview?: string }, replaceData: boolean) => {
    text.current = r.text;
    setMade(r.preview);
    if (replaceData) setData((r.data ?? {}) as Data);
    setDiagnostics(r.diagnostics);
    setElsewhere(r.errorsElsewhere);
    if (r.route) setRoute(r.route);
    setDirty(r.text !== saved.current);
    setHistory({ past: past.current.length, future: future.current.length });
    setVersion((v) => v + 1);
  }, []);

  const load = useCallback(async () => {
    const r = await api.open(file);
    saved.current = r.text;
    base.current = r.hash;
    past.current = [];
    future.current = [];
    typing.current = null;
    setConflict(null);
    accept(r, true);
  }, [file, accept]);

  useEffect(() => {
    load().catch((e) => setStatus(`Could not open ${file}: ${(e as Error).message}`));
  }, [load, file]);

  /**
   * Send the queued edits; one request at a time, in order. A keystroke is sent at once when none is on
   * its way, else with the keys typed meanwhile when it is back: the preview follows as fast as the
   * server answers, and the server is never asked faster than that.
   */
  const flush = useCallback(() => {
    chain.current = chain.current.then(async () => {
      if (!queue.current.length) return;
      const edits = queue.current.splice(0);
      const before = text.current;
      // Typing in one field is one step of the history, however many requests it took (a switch or a
      // select flipped twice is two).
      const only = edits.length === 1 ? edits[0]! : undefined;
      const field = only?.op === 'set' && (typeof only.value === 'string' || typeof only.value === 'number') ? formatPath(only.path) : null;
      // The version the answer's page is made for, as it was when asked.
      const asked = variantRef.current;
      try {
        const r = sameVersion(await api.draft(file, before, edits, shows, asked), asked);
        if (r.text !== before) {
          if (field === null || typing.current !== field) past.current.push(before);
          typing.current = field;
          future.current = [];
        }
        accept(r, queue.current.length === 0);
      } catch (e) {
        setStatus(`That change could not be written: ${(e as Error).message}`);
        const r = sameVersion(await api.draft(file, before, [], shows, asked), asked);
        accept(r, true);
      }
    });
    return chain.current;
  }, [file, shows, accept]);

  /** An answer's page only while the version it was made for is still the one shown (else the preview fetches its own). */
  const sameVersion = <R extends { preview?: string }>(r: R, asked: string): R => (asked === variantRef.current ? r : { ...r, preview: undefined });

  /** Edits applied in order, sent as one request (so one step of the history when there are several). */
  const editAll = useCallback(
    (es: Edit[]) => {
      if (!es.length) return;
      setData((d) => (d ? es.reduce(applyLocal, d) : d));
      for (const e of es) {
        const last = queue.current[queue.current.length - 1];
        // Typing in one field is one edit, however many keys it took.
        if (e.op === 'set' && last?.op === 'set' && formatPath(last.path) === formatPath(e.path)) queue.current[queue.current.length - 1] = e;
        else queue.current.push(e);
      }
      void flush();
    },
    [flush],
  );
  const edit = useCallback((e: Edit) => editAll([e]), [editAll]);

  // The stacks are read after the changes still on their way are in: sending one empties `future`.
  const restore = useCallback(
    async (direction: 'undo' | 'redo') => {
      await flush();
      await chain.current;
      const [from, to] = direction === 'undo' ? [past.current, future.current] : [future.current, past.current];
      const prev = from.pop();
      if (prev === undefined) return;
      typing.current = null;
      to.push(text.current);
      const asked = variantRef.current;
      accept(sameVersion(await api.draft(file, prev, [], shows, asked), asked), true);
    },
    [file, shows, flush, accept],
  );
  const undo = () => restore('undo');
  const redo = () => restore('redo');

  const save = async (overwrite = false) => {
    await flush();
    await chain.current;
    if (catalogue && affected === null && !overwrite) {
      const r = await api.affected(text.current);
      setAffected(r.pages);
      return;
    }
    try {
      const r = await api.save(file, text.current, overwrite && conflict ? conflict.hash : base.current);
      base.current = r.hash;
      saved.current = text.current;
      setDirty(false);
      setConflict(null);
      setAffected(null);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      setStatus(errors ? `Saved ${file}. It has ${errors} error${errors > 1 ? 's' : ''}: the site will not build until they are fixed.` : `Saved ${file}.`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setConflict({ text: (e.body.text as string | null) ?? null, hash: (e.body.hash as string | null) ?? null });
        setStatus(`${file} changed on disk since you opened it. Nothing was saved.`);
      } else setStatus(`Not saved: ${(e as Error).message}`);
    }
  };

  // Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z redoes.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 's') (e.preventDefault(), void save());
      else if (k === 'z' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) (e.preventDefault(), void (e.shiftKey ? redo() : undo()));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const byPath = useMemo(() => {
    const m = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) m.set(d.path, [...(m.get(d.path) ?? []), d]);
    return m;
  }, [diagnostics]);
  const ctx: FormContext = { edit, diagnosticsAt: (p) => byPath.get(formatPath(p)) ?? [], products: schemas.products, categories: schemas.categories };

  // After a jump from the diagnostics list, focus the control once its block's form is shown.
  useEffect(() => {
    if (!focusAfter.current) return;
    const path = parsePath(focusAfter.current);
    for (let n = path.length; n > 0; n--) {
      const el = document.getElementById(fieldId(path.slice(0, n)));
      if (el) {
        el.scrollIntoView({ block: 'center' });
        (el.matches('input, select, textarea, button') ? el : (el.querySelector('input, select, textarea, button') as HTMLElement | null) ?? el).focus();
        break;
      }
    }
    focusAfter.current = null;
  });

  const jump = (d: Diagnostic) => {
    const m = /^sections\[(\d+)\]/.exec(d.path);
    if (m) setSelected(Number(m[1]));
    // Anything else but the experiment's own fields is a page setting: open them, so the field is there to take the focus.
    else if (!d.path.startsWith('experiment')) setSettingsOpen(true);
    // In a variant's override: that variant's form, at the field it overrides.
    const v = /^(sections\[\d+\])\.variants\.([a-z][a-z0-9-]*)(.*)$/.exec(d.path);
    if (v && arms.includes(v[2]!)) chooseVariant(v[2]!);
    focusAfter.current = (v && arms.includes(v[2]!) ? `${v[1]}${v[3]}` : d.path) || 'title';
    setVersion((v) => v);
    setStatus(`Showing: ${d.message}`);
  };

  const sections = (data?.sections as Section[] | undefined) ?? [];
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const selectedSection = selected !== null ? sections[selected] : undefined;
  const arms = catalogue ? [CONTROL] : armsOf(data as PageData | null);
  // A variant the experiment no longer has (removed, or the experiment ended) shows the control.
  const arm = arms.includes(variant) ? variant : CONTROL;
  variantRef.current = arm;
  const chooseVariant = (next: string) => {
    variantRef.current = next;
    setVariant(next);
    // The page the last draft brought is the old version's: the preview loads the new one itself.
    setMade(undefined);
  };

  if (!data) return <main className="studio-main" id="main"><p role="status">{status || `Opening ${file}…`}</p></main>;
  return (
    <div className="studio-editor">
      <header className="studio-bar">
        <button type="button" onClick={onBack}>← All pages</button>
        <h1>{catalogue ? 'Catalogue' : String(data.title ?? file)} <span className="studio-file">{file}</span></h1>
        {errors.length > 0 && <span className="studio-badge is-error">Failing: {errors.length} error{errors.length > 1 ? 's' : ''}</span>}
        {dirty && <span className="studio-badge">Unsaved changes</span>}
        <span className="studio-bar-tools">
          <button type="button" onClick={undo} disabled={!history.past}>Undo</button>
          <button type="button" onClick={redo} disabled={!history.future}>Redo</button>
          <button type="button" className="studio-primary" onClick={() => void save()}>Save</button>
        </span>
      </header>
      <p role="status" className="studio-status">{status}</p>
      {conflict && (
        <div role="alertdialog" aria-labelledby="conflict-title" className="studio-panel is-warning">
          <h2 id="conflict-title">This file changed on disk</h2>
          <p>Someone (or another program) changed {file} after you opened it. Reload it to see their version (your unsaved changes are lost), or keep yours and overwrite theirs.</p>
          <button type="button" onClick={() => void load()}>Reload from disk</button> <button type="button" onClick={() => void save(true)}>Overwrite with my version</button>
        </div>
      )}
      {affected && (
        <div role="alertdialog" aria-labelledby="affected-title" className="studio-panel">
          <h2 id="affected-title">This change affects {affected.length} page{affected.length === 1 ? '' : 's'}</h2>
          <ul>{affected.map((p) => <li key={p.route}>{p.title} <code>{p.route}</code></li>)}</ul>
          <button type="button" className="studio-primary" onClick={() => void save(true)}>Save the catalogue</button> <button type="button" onClick={() => setAffected(null)}>Cancel</button>
        </div>
      )}
      <div className="studio-columns">
        <main className="studio-left" id="main" aria-label="Page settings and sections">
          {(diagnostics.length > 0 || elsewhere > 0) && (
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
          )}
          {catalogue ? (
            <ObjectFields schema={schemas.siteConfig} value={data} path={[]} ctx={ctx} skip={Object.keys(schemas.siteConfig.properties ?? {}).filter((k) => k !== 'products' && k !== 'offers')} />
          ) : (
            <>
              <Disclosure className="studio-panel" heading="h2" title="Page settings" open={settingsOpen} onOpenChange={setSettingsOpen}>
                <ObjectFields schema={schemas.page} value={data} path={[]} ctx={ctx} skip={['sections', 'experiment']} />
              </Disclosure>
              <ExperimentPanel page={data as PageData} file={file} schema={schemas.page.properties?.experiment ?? {}} goals={schemas.goals} ctx={ctx} arms={arms} arm={arm} setArm={chooseVariant} editAll={editAll} />
              <Sections sections={sections} template={typeof data.template === 'string' ? data.template : String(schemas.page.properties?.template?.default ?? 'page')} selected={selected} setSelected={setSelected} edit={edit} schemas={schemas} diagnostics={diagnostics} />
              {selectedSection && selected !== null && (
                <section className="studio-panel studio-block-form" aria-labelledby="block-title">
                  <h2 id="block-title">Block {selected + 1}: {selectedSection.type}</h2>
                  {schemas.blocks[selectedSection.type ?? ''] ? (
                    <BlockForm schema={schemas.blocks[selectedSection.type!]!} section={selectedSection} index={selected} ctx={ctx} arms={arms} arm={arm} setArm={chooseVariant} editAll={editAll} />
                  ) : (
                    <p>No block type "{String(selectedSection.type)}". Pick one of the palette's types in the YAML file.</p>
                  )}
                </section>
              )}
            </>
          )}
        </main>
        <Preview file={file} route={shows ?? route} variant={arm} version={version} made={made} focusText={selectedSection ? summary(shownAs(selectedSection, arm) as Section) : ''} />
      </div>
    </div>
  );
}

function Sections(props: { sections: Section[]; template: string; selected: number | null; setSelected: (i: number | null) => void; edit: (e: Edit) => void; schemas: StudioSchemas; diagnostics: Diagnostic[] }) {
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

/** How long typing must pause before the preview is loaded whole again (its islands running). */
const FULL_RELOAD_MS = 1500;

/**
 * The real page, made again after each change and scrolled to the block being edited. A change first
 * replaces the shown page's <main> with the new server render (fast: no scripts, styles or islands to
 * load again; `made`, the page the draft's answer brought, else fetched); once typing pauses, the
 * whole page loads in a second frame, shown when ready, so its islands run as on the site and the
 * switch does not flash.
 */
function Preview({ file, route, variant, version, made, focusText }: { file: string; route?: string; variant: string; version: number; made?: string; focusText: string }) {
  const frames = [useRef<HTMLIFrameElement>(null), useRef<HTMLIFrameElement>(null)];
  const [active, setActive] = useState(0);
  const [srcs, setSrcs] = useState<[string, string]>(['', '']);
  const scroll = useRef(0);
  const full = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const src = `/_studio/preview?file=${encodeURIComponent(file)}${route ? `&route=${encodeURIComponent(route)}` : ''}${variant !== CONTROL ? `&variant=${encodeURIComponent(variant)}` : ''}&v=${version}`;
  const latest = useRef(src);
  latest.current = src;

  const reveal = useCallback(
    (frame: HTMLIFrameElement | null) => {
      const win = frame?.contentWindow;
      const doc = frame?.contentDocument;
      if (!win || !doc?.body) return;
      const needle = focusText.slice(0, 40);
      if (needle) {
        const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.textContent?.includes(needle)) {
            (n.parentElement as HTMLElement).scrollIntoView({ block: 'center', behavior: 'instant' });
            return;
          }
        }
      }
      win.scrollTo({ top: scroll.current, behavior: 'instant' });
    },
    [focusText],
  );

  useEffect(() => {
    let cancelled = false;
    const shown = frames[active]!.current;
    const main = shown?.contentDocument?.querySelector('main');
    if (!main || !srcs[active]) {
      // Nothing shown yet: load the page whole.
      setSrcs((s) => (active === 0 ? [src, s[1]] : [s[0], src]));
      return;
    }
    const swap = (html: string) => {
      if (cancelled) return;
      const next = new DOMParser().parseFromString(html, 'text/html');
      const nextMain = next.querySelector('main');
      if (nextMain) main.replaceWith(shown!.contentDocument!.importNode(nextMain, true));
      else shown!.contentDocument!.body.innerHTML = next.body.innerHTML;
      reveal(shown);
    };
    if (made !== undefined) swap(made);
    else void fetch(src).then((r) => r.text()).then(swap);
    clearTimeout(full.current);
    full.current = setTimeout(() => setSrcs((s) => (active === 0 ? [s[0], src] : [src, s[1]])), FULL_RELOAD_MS);
    return () => {
      cancelled = true;
    };
    // Only a new version (or file) loads; the active frame changes when the buffer is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  useEffect(() => reveal(frames[active]!.current), [reveal, active]);
  useEffect(() => () => clearTimeout(full.current), []);

  const loaded = (i: number) => {
    const frame = frames[i]!.current;
    frame?.contentWindow?.addEventListener('scroll', () => i === activeRef.current && (scroll.current = frame.contentWindow?.scrollY ?? 0));
    // Only the page asked for last is shown: the buffer frame also loads again when the dev server
    // reloads every page on a save, and its older page (another variant, an older draft) must stay hidden.
    if (i !== active && srcs[i] === latest.current) setActive(i);
    reveal(frame);
  };
  const activeRef = useRef(active);
  activeRef.current = active;
  return (
    <section className="studio-preview" aria-label="Preview">
      {[0, 1].map((i) => (
        <iframe key={i} ref={frames[i]} src={srcs[i] || undefined} className={i === active ? 'is-shown' : 'is-buffer'} aria-hidden={i === active ? undefined : true} tabIndex={i === active ? undefined : -1}
          title={i === active ? `Preview of ${route ?? file}${variant !== CONTROL ? `, variant ${variant}` : ''}` : 'Next preview, loading'} onLoad={() => srcs[i] && loaded(i)} />
      ))}
    </section>
  );
}
