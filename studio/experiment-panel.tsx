// A page's experiment in the studio (issue 33): its id, the goal it is judged by (one of
// site.config.yaml's analytics goals), its versions and its dates, each an ordinary field of the file;
// the version the form and the preview show; and its end: choosing a winner, confirmed first, makes
// that version the page as one change (variants.ts's winnerEdits), which Save writes and Undo takes back.
import { useEffect, useState, type ReactNode } from 'react';
import type { Diagnostic, Edit, Goal, Schema } from './api.ts';
import { Confirm } from './confirm.tsx';
import { Disclosure } from './controls.tsx';
import { Field, FieldDiagnostics, FieldRow, type FormContext } from './schema-form.tsx';
import { armName, VariantSwitch } from './variant-form.tsx';
import { canVary, CONTROL, nextVariant, removeVariantEdits, winnerEdits, type ExperimentData, type PageData } from './variants.ts';

/** What a goal counts, in words. */
export function goalText(g: Goal): string {
  return [`a ${g.event}`, g.product && `of ${g.product}`, g.route && `on ${g.route}`, g.block && `in block ${g.block}`].filter(Boolean).join(' ');
}

/** The experiment's goal in words, or that the catalogue lacks it. */
function goalLine(id: unknown, goals: Goal[]): string {
  const g = goals.find((x) => x.id === id);
  return g ? `${g.id} (${goalText(g)})` : `${String(id ?? 'no goal')} (not one of site.config.yaml's goals)`;
}

/** The schema allows at most this many variants beside the control (schemas/defs.schema.json). */
const MAX_VARIANTS = 3;

interface Props {
  page: PageData;
  file: string;
  /** The page schema's `experiment`, its $refs in place. */
  schema: Schema;
  goals: Goal[];
  ctx: FormContext;
  arms: string[];
  arm: string;
  setArm: (arm: string) => void;
  editAll: (edits: Edit[]) => void;
}

export function ExperimentPanel({ page, file, schema, goals, ctx, arms, arm, setArm, editAll }: Props) {
  const experiment = page.experiment;
  if (!experiment || typeof experiment !== 'object') return <StartExperiment page={page} file={file} goals={goals} editAll={editAll} />;
  const props = schema.properties ?? {};
  const goalSchema: Schema = {
    ...props.goal,
    // The goals the catalogue declares; one it lacks stays shown (as "unknown"), with its error.
    enum: goals.map((g) => g.id),
    description: `${props.goal?.description ?? ''} ${goals.map((g) => `${g.id}: ${goalText(g)}`).join('; ')}.`.trim(),
  };
  const variants = arms.filter((a) => a !== CONTROL);
  // The list's problems and each of its variants' (one that changes nothing is named at its item).
  const variantProblems = [['experiment', 'variants'], ...variants.map((_, i) => ['experiment', 'variants', i])].flatMap((p) => ctx.diagnosticsAt(p));
  // Open while a field of the experiment has a problem, so it is seen where it is fixed.
  const problems = (['id', 'goal', 'start', 'end'] as const).reduce((n, k) => n + ctx.diagnosticsAt(['experiment', k]).length, variantProblems.length);
  return (
    <section className="studio-panel" aria-labelledby="experiment-title">
      <h2 id="experiment-title">Experiment</h2>
      <p className="studio-help">
        Each visitor sees one version of this page, chosen before it is sent. The control is the page as written; a variant changes some fields of some blocks.
      </p>
      <dl className="my-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="font-semibold">Id</dt><dd className="m-0"><code>{String(experiment.id ?? '')}</code></dd>
        <dt className="font-semibold">Judged by</dt><dd className="m-0">{goalLine(experiment.goal, goals)}</dd>
        <dt className="font-semibold">Runs</dt><dd className="m-0">from {String(experiment.start ?? '?')}{experiment.end ? `, planned to end ${experiment.end}` : ', no planned end'}</dd>
      </dl>
      <VariantSwitch arms={arms} arm={arm} onChange={setArm} name="experiment-version" label="Version shown in the form and the preview" />
      <Settings problems={problems}>
        <Field schema={props.id ?? {}} value={experiment.id} path={['experiment', 'id']} required ctx={ctx} />
        <Field schema={goalSchema} value={experiment.goal} path={['experiment', 'goal']} required ctx={ctx} />
        <DateField label={props.start?.title ?? 'Start'} help={props.start?.description} value={experiment.start} path="start" required ctx={ctx} />
        <DateField label={props.end?.title ?? 'Planned end'} help={props.end?.description} value={experiment.end} path="end" ctx={ctx} />
        <Variants page={page} experiment={experiment} variants={variants} editAll={editAll} diagnostics={variantProblems} />
      </Settings>
      <h3 className="mt-3 mb-1 text-base">End the experiment</h3>
      <p className="studio-help">Choose the version that won: it becomes the page, and the experiment and every block's variants are removed from the file.</p>
      <div className="flex flex-wrap gap-2">
        {arms.map((a) => (
          <Confirm
            key={a}
            trigger={<button type="button">{armName(a)} wins</button>}
            title={a === CONTROL ? 'Keep the control as the page?' : `Make ${armName(a).toLowerCase()} the page?`}
            action={a === CONTROL ? 'Keep the control' : `Make ${armName(a).toLowerCase()} the page`}
            onConfirm={() => {
              editAll(winnerEdits(page, a));
              setArm(CONTROL);
            }}
          >
            {a === CONTROL
              ? `Every variant's changes and the experiment "${experiment.id}" are removed from ${file}; the page stays as written.`
              : `Each block takes ${armName(a).toLowerCase()}'s changes as its own fields, and the experiment "${experiment.id}" and every variant are removed from ${file}.`}{' '}
            Nothing is written until you save, and Undo brings the experiment back.
          </Confirm>
        ))}
      </div>
    </section>
  );
}

/**
 * The experiment's fields, folded. A problem in one opens them, so it is seen where it is fixed; once
 * open they stay so until the marketer closes them (a problem fixed while typing never folds the field away).
 */
function Settings({ problems, children }: { problems: number; children: ReactNode }) {
  const [open, setOpen] = useState(problems > 0);
  const any = problems > 0;
  useEffect(() => {
    if (any) setOpen(true);
  }, [any]);
  return (
    <Disclosure className="my-2" title={`Edit the experiment${any ? ` (${problems} problem${problems > 1 ? 's' : ''})` : ''}`} open={open} onOpenChange={setOpen}>
      {children}
    </Disclosure>
  );
}

/** A page without an experiment: one button starts one, with the first goal and today as its start. */
function StartExperiment({ page, file, goals, editAll }: { page: PageData; file: string; goals: Goal[]; editAll: (edits: Edit[]) => void }) {
  const [open, setOpen] = useState(false);
  // No goal to judge by, or nothing a variant could change (no block, no platform fields): nothing to start.
  if (!goals.length || !canVary(page)) return null;
  const id = `${file.replace(/^pages\//, '').replace(/\.ya?ml$/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'home'}-test`.replace(/^[^a-z]+/, '');
  const start = () => editAll([{ op: 'set', path: ['experiment'], value: { id, variants: [nextVariant(page)], goal: goals[0]!.id, start: new Date().toISOString().slice(0, 10) } }]);
  return (
    <Disclosure className="studio-panel" heading="h2" title="Experiment" open={open} onOpenChange={setOpen}>
      <p className="studio-help">Try another version of this page against it: visitors are split between them, and /admin/insights says which sells more by the goal you choose.</p>
      <button type="button" onClick={start}>Start an experiment</button>
    </Disclosure>
  );
}

/** The variants beside the control: one more (up to the schema's limit), or one taken out with its changes. */
function Variants({ page, experiment, variants, editAll, diagnostics }: { page: PageData; experiment: ExperimentData; variants: string[]; editAll: (edits: Edit[]) => void; diagnostics: Diagnostic[] }) {
  const add = () => editAll([{ op: 'insert', path: ['experiment', 'variants'], index: variants.length, value: nextVariant(page) }]);
  return (
    <fieldset className="studio-fieldset" id="field-experiment_variants">
      <legend>Variants</legend>
      <p className="studio-help">The versions tried against the control. A variant changes nothing until you edit a block while it is shown.</p>
      <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
        {variants.map((v) => (
          <li key={v} className="flex items-center gap-2 rounded-md border border-slate-300 bg-white py-1 pr-1 pl-3">
            <span>{armName(v)}</span>
            <Confirm
              trigger={<button type="button" disabled={variants.length < 2} aria-label={`Remove ${armName(v).toLowerCase()}`}>Remove</button>}
              title={`Remove ${armName(v).toLowerCase()}?`}
              action={`Remove ${armName(v).toLowerCase()}`}
              onConfirm={() => editAll(removeVariantEdits(page, v))}
            >
              Its changes to every block of this page are removed with it. Nothing is written until you save.
            </Confirm>
          </li>
        ))}
      </ul>
      {variants.length < 2 && <p className="studio-help">An experiment needs a variant: to stop it, choose a winner below.</p>}
      <button type="button" className="mt-2" onClick={add} disabled={variants.length >= MAX_VARIANTS || !Array.isArray(experiment.variants)}>Add a variant</button>
      <FieldDiagnostics list={diagnostics} />
    </fieldset>
  );
}

/** A date of the experiment (YYYY-MM-DD, UTC), with the browser's date picker; an optional one emptied is removed. */
function DateField({ label, help, value, path, required = false, ctx }: { label: string; help?: string; value: unknown; path: 'start' | 'end'; required?: boolean; ctx: FormContext }) {
  const id = `field-experiment_${path}`;
  const problems = ctx.diagnosticsAt(['experiment', path]);
  const described = [help ? `${id}-help` : '', problems.length ? `${id}-diagnostics` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRow id={id} label={label} required={required} help={help && <p className="studio-help" id={`${id}-help`}>{help}</p>} problems={problems}>
      <input id={id} type="date" value={typeof value === 'string' ? value : ''} aria-describedby={described} aria-invalid={problems.some((d) => d.severity === 'error') || undefined}
        onChange={(e) => ctx.edit(e.target.value ? { op: 'set', path: ['experiment', path], value: e.target.value } : required ? { op: 'set', path: ['experiment', path], value: '' } : { op: 'delete', path: ['experiment', path] })} />
    </FieldRow>
  );
}

