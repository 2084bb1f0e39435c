// `npm run scheduled [-- --from <file or https address>] [--now <date>]`: has a scheduled page become
// due since the last deploy? The deployed site serves the schedule its build wrote (dist/schedule.json:
// when it was built as of, and when the next scheduled page goes live), so the answer needs no state of
// its own: the scheduled workflow (.github/workflows/scheduled.yml) asks this, and rebuilds and deploys
// only when it says so.
// Prints one line; writes `due=true|false` to $GITHUB_OUTPUT when set. Exit 0 either way (the answer
// is the output, not a failure), 2 for a usage error. A schedule that cannot be read counts as due:
// a rebuild of the default branch is always safe, a page left unpublished is not.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SCHEDULE_FILE, scheduleIsDue } from '../core/publication.ts';
import { moment, parseCli, runCli, UsageError, type Command } from './args.ts';

const SCHEDULED: Command = {
  usage: 'npm run scheduled [-- --from <file or address>] [--now <date>]',
  does: "Says whether a scheduled page has become due since the live site was built, from its schedule.json. Prints one line and writes due=true|false to $GITHUB_OUTPUT; an unreadable schedule counts as due. Exit 0 either way.",
  options: {
    from: { type: 'string', value: '<file or address>', help: "the schedule to read (default site.url + /schedule.json)" },
    now: { type: 'string', value: '<date>', help: 'the moment to judge at (default now)' },
  },
  env: { GITHUB_OUTPUT: 'where due=true|false is written (GitHub Actions sets it)' },
  examples: ['npm run scheduled -- --from dist/schedule.json'],
};

await runCli('scheduled', async () => {
  const { values } = parseCli(process.argv.slice(2), SCHEDULED);
  const now = moment('now', values.now) ?? new Date();
  const from = typeof values.from === 'string' ? values.from : deployedSchedule(process.cwd());
  const read = await readSchedule(from);
  const due = read.text === null || scheduleIsDue(read.text, now);
  const next = read.text === null ? null : nextOf(read.text);
  const why = read.text === null
    ? `the deployed schedule could not be read (${read.error}), so a rebuild is due to be safe`
    : due
      ? `a page scheduled for ${next ?? 'an earlier moment'} is due as of ${now.toISOString()}`
      : next
        ? `nothing due yet; the next scheduled page goes live at ${next}`
        : 'nothing scheduled';
  console.log(`${due ? 'due' : 'not due'}: ${why} (${from})`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `due=${due}\n`);
  return 0;
});

/** The live site's schedule: its public address (site.url in site.config.yaml) + /schedule.json. */
function deployedSchedule(root: string): string {
  const url = (parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as { site?: { url?: string } })?.site?.url;
  if (!url) throw new UsageError('site.config.yaml names no site.url; pass --from <schedule.json or its address>');
  return `${url.replace(/\/+$/, '')}/${SCHEDULE_FILE}`;
}

async function readSchedule(from: string): Promise<{ text: string | null; error?: string }> {
  try {
    if (!/^https?:\/\//.test(from)) return { text: readFileSync(from, 'utf8') };
    const res = await fetch(from, { signal: AbortSignal.timeout(30_000), headers: { 'cache-control': 'no-cache' } });
    if (!res.ok) return { text: null, error: `HTTP ${res.status}` };
    return { text: await res.text() };
  } catch (e) {
    return { text: null, error: (e as Error).message };
  }
}

function nextOf(text: string): string | null {
  try {
    return (JSON.parse(text) as { nextPublishAt?: string | null }).nextPublishAt ?? null;
  } catch {
    return null;
  }
}
