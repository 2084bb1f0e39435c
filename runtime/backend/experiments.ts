// The admin's reading of an experiment: public.admin_experiment (model/analytics/README.md), which answers
// per variant the visitors and the conversions on the experiment's goal, per day. The database lets
// only an admin at aal2 read it.
import type { ExperimentEntry, VariantCounts } from '../../model/analytics/experiment.ts';
import { AdminDataError } from './admin.ts';
import { getSupabase } from './client.ts';

export type { ExperimentDay, VariantCounts } from '../../model/analytics/experiment.ts';

/** `to`: the last day counted (UTC, inclusive): the planned end or today, whichever is first. */
export async function experimentCounts(e: ExperimentEntry, to: string): Promise<VariantCounts[]> {
  // Not started yet (a start after today): nothing to count, and the database refuses a range that ends before it begins.
  if (to < e.start) return [];
  const { data, error } = await (await getSupabase()).rpc('admin_experiment', { p_route: e.route, p_experiment: e.id, p_goal: e.goal, p_from: e.start, p_to: to });
  if (error) throw new AdminDataError(error.message || `Could not load the experiment ${e.id}.`, error.code);
  return (data ?? []) as VariantCounts[];
}
