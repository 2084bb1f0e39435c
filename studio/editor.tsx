// One file in the studio: on the left its settings, its blocks and the form of the block being edited;
// on the right the real page from the dev server, made from the unsaved text as the marketer types.
// The unsaved text and its history are use-draft.ts's, saving use-save.ts's, the jump from a problem to
// its field use-jump.ts's; this file lays them out.
import { useCallback, useMemo, useRef, useState } from 'react';
import { formatPath, type Diagnostic, type Edit, type StudioSchemas } from './api.ts';
import { Disclosure } from './controls.tsx';
import { AffectedPanel, ConflictPanel, EditorBar, ProblemsPanel } from './editor-panels.tsx';
import { ExperimentPanel } from './experiment-panel.tsx';
import { Preview } from './preview.tsx';
import { ObjectFields, type FormContext } from './schema-form.tsx';
import { Sections, summary } from './sections-panel.tsx';
import { useDraft, type Draft } from './use-draft.ts';
import { useJump } from './use-jump.ts';
import { useSave } from './use-save.ts';
import { BlockForm } from './variant-form.tsx';
import { arms, CONTROL, shownAs, type BlockData, type PageData } from './variants.ts';

const CATALOGUE = 'site.config.yaml';

export { isUnwritten } from './sections-panel.tsx';

export function Editor({ file, schemas, onBack }: { file: string; schemas: StudioSchemas; onBack: () => void }) {
  const catalogue = file === CATALOGUE;
  /** The page the preview shows for a file without its own: the catalogue's products are on the home page. */
  const shows = catalogue ? '/' : undefined;
  const [selected, setSelected] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  /** The version of the page's experiment the forms edit and the preview shows (the control without one). */
  const [variant, setVariant] = useState(CONTROL);
  const variantRef = useRef(CONTROL);
  const draft = useDraft(file, shows, variantRef, setStatus);
  const { data, view } = draft;
  const saving = useSave(file, catalogue, draft, view.diagnostics, setStatus);
  const pageArms = catalogue ? [CONTROL] : arms((data as PageData | null)?.experiment);
  const platform = !catalogue && data?.template === 'platform' && data.platform && typeof data.platform === 'object' ? (data.platform as BlockData) : undefined;
  // A variant the experiment no longer has (removed, or the experiment ended) shows the control.
  const arm = pageArms.includes(variant) ? variant : CONTROL;
  variantRef.current = arm;
  const chooseVariant = (next: string) => {
    variantRef.current = next;
    setVariant(next);
    draft.forgetMade();
  };
  const jump = useJump({ selectBlock: setSelected, openSettings: () => setSettingsOpen(true), arms: pageArms, chooseVariant, say: setStatus });
  const ctx = useFormContext(draft, view.diagnostics, schemas);

  if (!data) return <main className="studio-main" id="main"><p role="status">{status || `Opening ${file}…`}</p></main>;
  const sections = (data.sections as BlockData[] | undefined) ?? [];
  const selectedSection = selected !== null ? sections[selected] : undefined;
  const form = { schemas, ctx, arms: pageArms, arm, chooseVariant, editAll: draft.editAll };
  return (
    <div className="studio-editor">
      <EditorBar title={catalogue ? 'Catalogue' : String(data.title ?? file)} file={file} errors={view.diagnostics.filter((d) => d.severity === 'error').length} view={view} onBack={onBack} undo={draft.undo} redo={draft.redo} save={() => void saving.save()} />
      <p role="status" className="studio-status">{status}</p>
      {saving.conflict && <ConflictPanel file={file} reload={() => void saving.reload()} overwrite={() => void saving.save(true)} />}
      {saving.affected && <AffectedPanel affected={saving.affected} save={() => void saving.save(true)} cancel={saving.cancelAffected} />}
      <div className="studio-columns">
        <main className="studio-left" id="main" aria-label="Page settings and sections">
          <ProblemsPanel diagnostics={view.diagnostics} elsewhere={view.elsewhere} jump={jump} />
          {catalogue ? (
            <ObjectFields schema={schemas.siteConfig} value={data} path={[]} ctx={ctx} skip={Object.keys(schemas.siteConfig.properties ?? {}).filter((k) => k !== 'products' && k !== 'offers')} />
          ) : (
            <>
              <Disclosure className="studio-panel" heading="h2" title="Page settings" open={settingsOpen} onOpenChange={setSettingsOpen}>
                <ObjectFields schema={schemas.page} value={data} path={[]} ctx={ctx} skip={platform ? ['sections', 'experiment', 'platform'] : ['sections', 'experiment']} />
              </Disclosure>
              {platform && (
                // A platform page's own fields, with the experiment's versions as a block's (issue 41).
                <section className="studio-panel studio-block-form" aria-labelledby="platform-title">
                  <h2 id="platform-title">{schemas.page.properties?.platform?.title ?? 'Platform page'}</h2>
                  <BlockForm schema={schemas.page.properties!.platform!} section={platform} at={['platform']} ctx={ctx} arms={pageArms} arm={arm} setArm={chooseVariant} editAll={draft.editAll} />
                </section>
              )}
              <ExperimentPanel page={data as PageData} file={file} schema={schemas.page.properties?.experiment ?? {}} goals={schemas.goals} ctx={ctx} arms={pageArms} arm={arm} setArm={chooseVariant} editAll={draft.editAll} />
              <Sections sections={sections} template={typeof data.template === 'string' ? data.template : String(schemas.page.properties?.template?.default ?? 'page')} selected={selected} setSelected={setSelected} edit={ctx.edit} schemas={schemas} diagnostics={view.diagnostics} />
              {selectedSection && selected !== null && <SelectedBlock block={selectedSection} index={selected} {...form} />}
            </>
          )}
        </main>
        <Preview file={file} route={shows ?? view.route} variant={arm} version={view.version} made={view.made} focusText={selectedSection ? summary(shownAs(selectedSection, arm) as BlockData) : ''} />
      </div>
    </div>
  );
}

/** What the forms are given: the edit to make, the problems at each field, and the site's lists. */
function useFormContext(draft: Draft, diagnostics: Diagnostic[], schemas: StudioSchemas): FormContext {
  const byPath = useMemo(() => {
    const m = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) m.set(d.path, [...(m.get(d.path) ?? []), d]);
    return m;
  }, [diagnostics]);
  const { editAll } = draft;
  const edit = useCallback((e: Edit) => editAll([e]), [editAll]);
  return { edit, diagnosticsAt: (p) => byPath.get(formatPath(p)) ?? [], products: schemas.products, categories: schemas.categories };
}

/** The form of the block being edited, for the version chosen. */
function SelectedBlock(p: { block: BlockData; index: number; schemas: StudioSchemas; ctx: FormContext; arms: string[]; arm: string; chooseVariant: (v: string) => void; editAll: Draft['editAll'] }) {
  const schema = p.schemas.blocks[p.block.type ?? ''];
  return (
    <section className="studio-panel studio-block-form" aria-labelledby="block-title">
      <h2 id="block-title">Block {p.index + 1}: {p.block.type}</h2>
      {schema ? (
        <BlockForm schema={schema} section={p.block} at={['sections', p.index]} ctx={p.ctx} arms={p.arms} arm={p.arm} setArm={p.chooseVariant} editAll={p.editAll} />
      ) : (
        <p>No block type "{String(p.block.type)}". Pick one of the palette's types in the YAML file.</p>
      )}
    </section>
  );
}
