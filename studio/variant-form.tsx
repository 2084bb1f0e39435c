// A block's form with its experiment's versions (issue 33): a switcher says which version the form
// shows and edits (the preview shows the same one); while a variant is shown, each field is the value
// that variant shows, a change is written as that block's override (variants.ts), and the fields the
// variant overrides are marked, each with a way back to the control's value.
import { fieldId, type Edit, type PathSegment, type Schema } from './api.ts';
import { Field, type FormContext } from './schema-form.tsx';
import { CONTROL, overridesOf, resetOverride, shownAs, variantEdits, type BlockData } from './variants.ts';

/** How a version is named to the marketer. */
export const armName = (arm: string) => (arm === CONTROL ? 'Control' : `Variant ${arm}`);

/**
 * The version shown: one radio per arm (arrow keys move between them, as radios do). `name` keeps two
 * switchers on one screen (the experiment's and the block's) apart; both show the same choice.
 */
export function VariantSwitch({ arms, arm, onChange, name, label = 'Version shown and edited' }: { arms: string[]; arm: string; onChange: (arm: string) => void; name: string; label?: string }) {
  return (
    <fieldset className="m-0 mb-2 border-0 p-0">
      <legend className="mb-1 p-0 text-sm font-semibold">{label}</legend>
      <div className="inline-flex flex-wrap gap-1 rounded-lg border border-slate-400 bg-white p-1">
        {arms.map((a) => (
          <label key={a} className="m-0 cursor-pointer font-normal">
            <input type="radio" className="peer sr-only" name={name} value={a} checked={a === arm} onChange={() => onChange(a)} />
            <span className="block rounded-md px-3 py-1 text-sm text-slate-800 peer-checked:bg-blue-700 peer-checked:font-semibold peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
              {armName(a)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface BlockFormProps {
  schema: Schema;
  section: BlockData;
  /** Where the fields are written: a block (['sections', i]) or a platform page's own (['platform']). */
  at: PathSegment[];
  ctx: FormContext;
  /** The page's arms (just the control without an experiment) and the one shown. */
  arms: string[];
  arm: string;
  setArm: (arm: string) => void;
  /** Several edits as one change (one request, one step of the history). */
  editAll: (edits: Edit[]) => void;
}

/** The block's fields, as the version chosen shows them; the variant's overrides marked. */
export function BlockForm({ schema, section, at, ctx, arms, arm, setArm, editAll }: BlockFormProps) {
  const what = at[0] === 'platform' ? 'this page' : 'this block';
  const variant = arm !== CONTROL;
  const value = shownAs(section, arm);
  const overrides = overridesOf(section, arm);
  const overridden = (key: PathSegment | undefined) => typeof key === 'string' && Object.hasOwn(overrides, key);
  const form: FormContext = !variant ? ctx : {
    ...ctx,
    edit: (e) => editAll(variantEdits(section, at, arm, e)),
    // An overridden field's problems are where its override is written.
    diagnosticsAt: (p) => (overridden(p[at.length]) ? ctx.diagnosticsAt([...at, 'variants', arm, ...p.slice(at.length)]) : ctx.diagnosticsAt(p)),
  };
  // As ObjectFields lists them: `type` is fixed by the block, `variants` is what this form writes.
  const fields = Object.entries(schema.properties ?? {}).filter(([k, s]) => k !== 'variants' && s.const === undefined);
  const changed = fields.filter(([k]) => overridden(k));
  return (
    <>
      {arms.length > 1 && (
        <div className="mb-3">
          <VariantSwitch arms={arms} arm={arm} onChange={setArm} name={`${at.join('-')}-version`} />
          <p className="studio-help m-0">
            {!variant
              ? 'Editing the control: the page as written.'
              : changed.length
                ? `${armName(arm)} changes ${changed.length} field${changed.length > 1 ? 's' : ''} of ${what}: ${changed.map(([k, s]) => s.title ?? k).join(', ')}. Other fields are the control's.`
                : `${armName(arm)} shows ${what} as the control does. A field you change here changes for ${armName(arm).toLowerCase()} only.`}
          </p>
        </div>
      )}
      {fields.map(([key, s]) => {
        const field = <Field key={key} schema={s} value={value[key]} path={[...at, key]} required={schema.required?.includes(key) ?? false} ctx={form} />;
        if (!variant) {
          // The control's field that a variant replaces: a change here does not reach that variant.
          const others = arms.filter((a) => a !== CONTROL && Object.hasOwn(overridesOf(section, a), key));
          if (!others.length) return field;
          return (
            <div key={key} data-varies={key}>
              {field}
              <p className="studio-help mt-0">{others.map((a) => armName(a)).join(' and ')} {others.length > 1 ? 'have their' : 'has its'} own {(s.title ?? key).toLowerCase()}: a change here does not change {others.length > 1 ? 'them' : 'it'}.</p>
            </div>
          );
        }
        if (!overridden(key)) return field;
        return (
          <div key={key} className="-mx-2 my-2 rounded-md border-l-4 border-blue-700 bg-blue-50 px-2 py-1" data-overridden={key}>
            {field}
            <p className="m-0 mb-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white" id={`${fieldId([...at, key])}-changed`}>Changed in {armName(arm).toLowerCase()}</span>
              <button type="button" onClick={() => editAll(resetOverride(section, at, arm, key))} aria-label={`Use the control's ${(s.title ?? key).toLowerCase()} in ${armName(arm).toLowerCase()}`}>
                Use the control's
              </button>
            </p>
          </div>
        );
      })}
    </>
  );
}
