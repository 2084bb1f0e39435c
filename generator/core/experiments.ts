// Experiments (issue 33), as the compile sees them: each section's `variants` checked against its
// block's own schema (a platform page's `platform.variants` against the platform's, issue 41) and
// against the page's `experiment`, then the page split into its control and one definition per variant,
// which the build prerenders as files of their own (model/analytics/experiment.ts).
import { CONTROL, type Experiment } from '../../model/analytics/experiment.ts';
import type { PageDefinition, Block, SiteConfig } from '../../model/page.ts';
import { didYouMean } from './did-you-mean.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { toDiagnostic } from './schema-errors.ts';
import type { KindedValidate } from './schemas.ts';
import { locate, type SourceFile } from './source.ts';

type Overrides = Record<string, Record<string, unknown>>;
type WithVariants = Record<string, unknown> & { variants?: Overrides };

/** A section as a variant shows it: its own fields, each field the variant gives replaced whole. */
function merged(section: WithVariants, override: Record<string, unknown> | undefined): Record<string, unknown> {
  const { variants: _, ...own } = section;
  return override ? { ...own, ...override } : own;
}

/** The checks a schema cannot make: overrides valid for their block (or platform page), variants declared, the goal known, the dates. */
export function checkExperiment(source: SourceFile, site: SiteConfig, validate: { section: KindedValidate; page: KindedValidate }, blockTypes: string[], asOf: Date): Diagnostic[] {
  const data = source.data as { experiment?: Experiment; sections?: WithVariants[]; platform?: WithVariants };
  const experiment = data.experiment;
  const out: Diagnostic[] = [];
  const given = new Set<string>();
  // Each override is validated as what its variant shows (the block, or the whole page with the
  // platform's fields replaced), so a misspelt or wrong field is that schema's error, located in the
  // override where it is written.
  const check = (holder: WithVariants, at: (string | number)[], validates: KindedValidate, shown: (merged: Record<string, unknown>) => unknown) => {
    if (!holder || typeof holder !== 'object' || !holder.variants) return;
    const where = [...at, 'variants'];
    if (!experiment) {
      out.push(diagnostic('VariantsWithoutExperiment', locate(source, where, { key: true })));
      return;
    }
    for (const [variant, override] of Object.entries(holder.variants)) {
      if (!experiment.variants.includes(variant)) {
        out.push(diagnostic('UnknownVariant', locate(source, [...where, variant], { key: true }), variant, experiment.variants, didYouMean(variant, experiment.variants)));
        continue;
      }
      given.add(variant);
      if (validates(shown(merged(holder, override)))) continue;
      const prefix = `/${at.join('/')}`;
      for (const e of validates.errors ?? []) {
        const inside = at.length === 1 ? (e.instancePath.startsWith(prefix) ? e.instancePath.slice(prefix.length) : undefined) : e.instancePath;
        if (inside === undefined) continue;
        const d = toDiagnostic(source, { ...e, instancePath: `${prefix}/variants/${variant}${inside}` }, blockTypes);
        if (d && !out.some((o) => o.line === d.line && o.column === d.column && o.message === d.message)) out.push(d);
      }
    }
  };
  (data.sections ?? []).forEach((section, i) => check(section, ['sections', i], validate.section, (m) => m));
  if (data.platform) check(data.platform, ['platform'], validate.page, (m) => ({ ...data, platform: m }));
  if (!experiment) return out;
  const goals = (site.analytics?.goals ?? []).map((g) => g.id);
  if (!goals.includes(experiment.goal)) out.push(diagnostic('UnknownGoal', locate(source, ['experiment', 'goal']), experiment.goal, goals, didYouMean(experiment.goal, goals)));
  if (experiment.end && experiment.end < experiment.start) out.push(diagnostic('ExperimentDates', locate(source, ['experiment', 'end']), experiment.start, experiment.end));
  else if (experiment.end && experiment.end < asOf.toISOString().slice(0, 10)) out.push(diagnostic('ExperimentPastEnd', locate(source, ['experiment', 'end']), experiment.id, experiment.end));
  experiment.variants.forEach((variant, n) => {
    if (!given.has(variant)) out.push(diagnostic('VariantChangesNothing', locate(source, ['experiment', 'variants', n]), variant));
  });
  return out;
}

/**
 * A compiled page split into what the build renders: the control (its sections without `variants`, so
 * an edit to one variant's override leaves the control's definition, and its file, as they were) and
 * one definition per variant. A page without an experiment is returned as it is, untouched.
 */
export function splitExperiment(page: PageDefinition, validateSection: KindedValidate): { control: PageDefinition; variants: PageDefinition[] } {
  const experiment = page.experiment;
  const sections = page.sections as unknown as WithVariants[];
  if (!experiment && !sections.some((s) => s.variants)) return { control: page, variants: [] };
  const control: PageDefinition = { ...page, sections: sections.map((s) => (s.variants ? merged(s, undefined) : s)) as unknown as Block[] };
  if (!experiment) return { control, variants: [] };
  const variants = experiment.variants.map((variant): PageDefinition => ({
    ...control,
    variant,
    sections: sections.map((s) => {
      const override = s.variants?.[variant];
      if (!override) return s.variants ? merged(s, undefined) : s;
      const block = merged(s, override);
      // Validated again for its schema defaults (the override's nested objects get theirs).
      validateSection(block);
      return block;
    }) as unknown as Block[],
  }));
  return { control, variants };
}

export { CONTROL };
