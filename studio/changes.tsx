// The Changes view: every page file changed since the last commit, whoever changed it, with its diff
// and the pages it affects; each can be discarded; the chosen ones are published as a branch for
// review (generator/studio/git-publish.ts), or the site's errors are listed, each opening its file.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Confirm } from './confirm.tsx';
import { Checkbox, Disclosure } from './controls.tsx';
import { api, ApiError, type Change, type Changes as ChangeList, type Diagnostic, type Published } from './api.ts';

const KIND_LABEL: Record<Change['kind'], string> = { modified: 'changed', added: 'new', untracked: 'new', deleted: 'removed' };

/** A message that says what changed, for the marketer to keep or rewrite. */
function defaultMessage(chosen: Change[]): string {
  const names = chosen.map((c) => c.affected.find((p) => p.file === c.file)?.title || c.file.replace(/^pages\//, '').replace(/\.ya?ml$/, ''));
  if (!names.length) return '';
  return names.length === 1 ? `Update ${names[0]}` : `Update ${names.length} pages: ${names.slice(0, 3).join(', ')}${names.length > 3 ? '…' : ''}`;
}

export function Changes({ open, onBack }: { open: (file: string) => void; onBack: () => void }) {
  const [status, setStatus] = useState('');
  const changes = useChangeList(setStatus);
  const { list, chosen } = changes;
  const publishing = usePublish(setStatus);
  // The answer to a publish takes the keyboard's focus, so it is read out and the next Tab starts there.
  const answer = useRef<HTMLHeadingElement>(null);
  useEffect(() => answer.current?.focus(), [publishing.published, publishing.errors]);

  return (
    <main className="studio-main" id="main">
      <header className="studio-bar">
        <button type="button" onClick={onBack}>← Pages</button>
        <h1>Changes{list?.branch ? <span className="studio-file"> on {list.branch}</span> : null}</h1>
        <span className="studio-bar-tools"><button type="button" onClick={() => void changes.load()}>Refresh</button></span>
      </header>
      <p role="status" className="studio-status">{status}</p>
      {list === null ? <p>Loading…</p> : !list.changes.length ? <p className="studio-panel">No page has changed since the last commit.</p> : (
        <form onSubmit={(e) => void publishing.submit(e, [...chosen], changes.message)} aria-labelledby="publish-title">
          <section aria-labelledby="changes-title">
            <h2 id="changes-title">{list.changes.length} changed file{list.changes.length === 1 ? '' : 's'}</h2>
            {list.changes.map((c) => <ChangeCard key={c.file} c={c} chosen={chosen.has(c.file)} toggle={changes.toggle} open={open} discard={changes.discard} />)}
          </section>
          {list.outside.length ? (
            <section className="studio-panel is-warning" aria-labelledby="outside-title">
              <h2 id="outside-title">Also changed, left alone</h2>
              <p className="studio-help">The studio publishes page files and site.config.yaml only. These stay exactly as they are, and are not published:</p>
              <ul className="studio-list">{list.outside.map((f) => <li key={f}><code>{f}</code></li>)}</ul>
            </section>
          ) : null}
          <section className="studio-panel" aria-labelledby="publish-title">
            <h2 id="publish-title">Publish</h2>
            <p className="studio-help">Checks the whole site, then proposes the chosen files as a new branch for review. Nothing goes live before the pull request is merged.</p>
            <label htmlFor="publish-message">What this change is</label>
            <input id="publish-message" value={changes.message} required onChange={(e) => changes.writeMessage(e.target.value)} />
            <button type="submit" className="studio-primary studio-quiet" disabled={publishing.busy || !chosen.size}>Publish {chosen.size} file{chosen.size === 1 ? '' : 's'}</button>
          </section>
        </form>
      )}
      {publishing.errors.length ? <Errors errors={publishing.errors} open={open} heading={answer} /> : null}
      {publishing.published ? <Result r={publishing.published} heading={answer} /> : null}
    </main>
  );
}

/** The changed files, which of them are chosen, and the message (made from the chosen ones until the marketer writes their own). */
function useChangeList(say: (line: string) => void) {
  const [list, setList] = useState<ChangeList | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  const [edited, setEdited] = useState(false);

  const load = async () => {
    try {
      const next = await api.changes();
      setList(next);
      setChosen(new Set(next.changes.map((c) => c.file)));
      if (!edited) setMessage(defaultMessage(next.changes));
    } catch (e) {
      say(`Could not read the changes: ${(e as Error).message}`);
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (file: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(file);
    else next.delete(file);
    setChosen(next);
    if (!edited) setMessage(defaultMessage((list?.changes ?? []).filter((c) => next.has(c.file))));
  };

  const discard = async (file: string) => {
    try {
      await api.discard(file);
      say(`Discarded the change to ${file}.`);
      await load();
    } catch (e) {
      say(`Not discarded: ${(e as Error).message}`);
    }
  };

  const writeMessage = (text: string) => (setMessage(text), setEdited(true));
  return { list, chosen, message, load, toggle, discard, writeMessage };
}

/** Publishing the chosen files: the branch made, or the site's errors that refused it. */
function usePublish(say: (line: string) => void) {
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<Published | null>(null);
  const [errors, setErrors] = useState<Diagnostic[]>([]);

  const submit = async (e: FormEvent, files: string[], message: string) => {
    e.preventDefault();
    setBusy(true);
    setErrors([]);
    setPublished(null);
    say('Checking the whole site and publishing…');
    try {
      const r = await api.publish(files, message);
      setPublished(r);
      say(r.pushed ? `Published on branch ${r.branch}.` : `Committed on branch ${r.branch}, not pushed.`);
    } catch (err) {
      if (err instanceof ApiError) setErrors((err.body.errors as Diagnostic[] | undefined) ?? []);
      say(`Not published: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, published, errors, submit };
}

/** One changed file: choose it, edit it, discard it; what it affects, its copy not written yet, its diff. */
function ChangeCard({ c, chosen, toggle, open, discard }: { c: Change; chosen: boolean; toggle: (file: string, on: boolean) => void; open: (file: string) => void; discard: (file: string) => Promise<void> }) {
  return (
    <article className="studio-panel studio-change" aria-labelledby={`change-${c.file}`}>
      <div className="studio-change-head">
        <Checkbox id={`choose-${c.file}`} checked={chosen} onChange={(on) => toggle(c.file, on)} />
        <label htmlFor={`choose-${c.file}`} id={`change-${c.file}`}>
          {c.file} <span className="studio-badge">{KIND_LABEL[c.kind]}</span> <span className="studio-file">+{c.added} −{c.removed}</span>
        </label>
        <span className="studio-bar-tools">
          {c.kind !== 'deleted' ? <button type="button" onClick={() => open(c.file)}>Edit</button> : null}
          <Confirm trigger={<button type="button">Discard</button>} title={`Discard your change to ${c.file}?`} action="Discard the change" onConfirm={() => void discard(c.file)}>
            {c.kind === 'untracked' || c.kind === 'added' ? 'This new file is removed.' : 'The file goes back to the last commit.'} This cannot be undone.
          </Confirm>
        </span>
      </div>
      <p className="studio-help">
        Affects {c.affected.length ? c.affected.map((p, i) => <span key={p.route}>{i ? ', ' : ''}<a href={p.route} target="_blank" rel="noreferrer"><code>{p.route}</code></a></span>) : 'no page'}
      </p>
      {c.marks.length ? (
        <div className="studio-marks" role="group" aria-label={`Copy not written yet in ${c.file}`}>
          <p>
            {c.marks.some((d) => d.name === 'ExampleCopy') ? <span className="studio-badge is-example">Example copy</span> : null}{' '}
            {c.marks.some((d) => d.name === 'DraftCopy') ? <span className="studio-badge is-draft-copy">DRAFT: text</span> : null}{' '}
            {c.draft ? 'Fine while the page is a draft; replace it before it goes live:' : 'Publish refuses this page until it is replaced (or the page is a draft):'}
          </p>
          <ul className="studio-diagnostics">
            {c.marks.map((d, i) => <li key={i}><button type="button" onClick={() => open(c.file)}>{d.file}:{d.line}:{d.column}</button> {d.message}</li>)}
          </ul>
        </div>
      ) : null}
      <Diff text={c.diff} file={c.file} />
      <BeforeAfter change={c} />
    </article>
  );
}

/** The site's errors that refused a publish, each opening its file. */
function Errors({ errors, open, heading }: { errors: Diagnostic[]; open: (file: string) => void; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section className="studio-panel is-warning" aria-labelledby="errors-title">
      <h2 id="errors-title" ref={heading} tabIndex={-1}>Fix these first</h2>
      <ul className="studio-diagnostics">
        {errors.map((d, i) => (
          <li key={i} className={`is-${d.severity}`}>
            <button type="button" onClick={() => open(d.file)}>{d.file}:{d.line}:{d.column}</button> {d.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Result({ r, heading }: { r: Published; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section className={`studio-panel ${r.pushed ? 'is-done' : 'is-warning'}`} aria-labelledby="result-title" data-testid="publish-result">
      <h2 id="result-title" ref={heading} tabIndex={-1}>{r.pushed ? 'Published for review' : 'Committed, not pushed'}</h2>
      <p>Branch <code>{r.branch}</code>, commit <code>{r.commit.slice(0, 12)}</code>, from <code>{r.base}</code>.</p>
      {r.compareUrl ? <p><a className="studio-link-button" href={r.compareUrl} target="_blank" rel="noreferrer">Open the pull request</a> <span className="studio-help">on your repository's site, signed in as usual; nothing goes live before it is merged.</span></p> : r.pushed ? <p className="studio-help">Open a pull request for this branch on your repository's site.</p> : null}
      {r.retry ? (
        <>
          <p>The push failed{r.pushError ? '. git said:' : '.'}</p>
          {r.pushError ? <pre className="studio-code" data-testid="push-error">{r.pushError}</pre> : null}
          <p>The commit is kept. To push it again, run:</p>
          <pre className="studio-code">{r.retry}</pre>
        </>
      ) : null}
      {!r.pushed && !r.retry ? <p className="studio-help">This repository has no origin: the branch is on this machine only.</p> : null}
      {r.leftUntouched.length ? <p className="studio-help">Left as they were, not published: {r.leftUntouched.join(', ')}.</p> : null}
    </section>
  );
}

function Diff({ text, file }: { text: string; file: string }) {
  const lines = text.split('\n').filter((l) => l && !/^(diff --git|index |--- |\+\+\+ |new file mode|deleted file mode)/.test(l));
  return (
    <pre className="studio-diff" aria-label={`Changes to ${file}`} tabIndex={0}>
      {lines.map((l, i) => (
        <span key={i} className={l.startsWith('+') ? 'is-add' : l.startsWith('-') ? 'is-del' : l.startsWith('@@') ? 'is-hunk' : undefined}>
          {l.startsWith('+') ? <span className="sr-only">added: </span> : l.startsWith('-') ? <span className="sr-only">removed: </span> : null}
          {l}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

/**
 * The page before and after, side by side: the file as the last commit has it and as it is saved, each
 * rendered by the dev server's own compile (/_studio/preview?rev=…). Loaded when opened: two real pages
 * per changed file would be slow to show all at once.
 */
function BeforeAfter({ change }: { change: Change }) {
  const [shown, setShown] = useState(false);
  // A file that makes no page of its own (the catalogue) shows the first page it affects.
  const own = change.affected.find((p) => p.file === change.file) ?? change.affected[0];
  const src = (rev: string) => `/_studio/preview?file=${encodeURIComponent(change.file)}&rev=${rev}${own ? `&route=${encodeURIComponent(own.route)}` : ''}`;
  return (
    <Disclosure className="studio-before-after" title={shown ? 'Hide the page before and after' : 'Show the page before and after'} open={shown} onOpenChange={setShown}>
      <div className="studio-frames">
        {change.kind === 'untracked' || change.kind === 'added' ? <p className="studio-help">New page: nothing before.</p> : (
          <figure><figcaption>Before (last commit)</figcaption><iframe title={`${own?.route ?? change.file} before`} src={src('HEAD')} /></figure>
        )}
        {change.kind === 'deleted' ? <p className="studio-help">Removed: nothing after.</p> : (
          <figure><figcaption>After (your change)</figcaption><iframe title={`${own?.route ?? change.file} after`} src={src('disk')} /></figure>
        )}
      </div>
    </Disclosure>
  );
}
