// Every page file with its route, state and errors, grouped by kind (the admin screens apart), the
// scheduled pages' times in the marketer's time zone; a search; new pages from the starters of
// `npm run new`.
import { useEffect, useState, type FormEvent } from 'react';
import { api, type PageSummary } from './api.ts';
import { Disclosure, Select } from './controls.tsx';

const KINDS = [
  { value: 'page', text: 'New page' },
  { value: 'article', text: 'New article' },
  { value: 'platform', text: 'New platform' },
];

export function PageList({ open, showChanges }: { open: (file: string) => void; showChanges: () => void }) {
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('page');
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [adminOpen, setAdminOpen] = useState(false);
  useEffect(() => {
    api.pages().then(setPages, (e) => setStatus(`Could not list the pages: ${(e as Error).message}`));
  }, []);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setStatus(`Creating ${kind} ${name}…`);
    try {
      const r = await api.create(kind, name);
      if (r.file) open(r.file);
      else setStatus(r.output);
    } catch (err) {
      setStatus(`Not created: ${(err as Error).message}`);
    }
  };
  const q = query.trim().toLowerCase();
  const shown = (pages ?? []).filter((p) => !q || `${p.title} ${p.route} ${p.file} ${p.template} ${p.state} ${p.group}`.toLowerCase().includes(q));
  const groups = groupsOf(shown.filter((p) => !p.admin));
  const admin = shown.filter((p) => p.admin);
  const scheduled = shown.filter((p) => p.state === 'scheduled' && p.publishAt).sort((a, b) => a.publishAt!.localeCompare(b.publishAt!));
  return (
    <main className="studio-main" id="main">
      <header className="studio-bar">
        <h1>Studio</h1>
        <span className="studio-bar-tools">
          <button type="button" onClick={showChanges}>Changes and publish</button>
          <button type="button" onClick={() => open('site.config.yaml')}>Edit the catalogue</button>
        </span>
      </header>
      <p role="status" className="studio-status">{status}</p>
      <form className="studio-panel studio-new" onSubmit={create} aria-labelledby="new-title">
        <h2 id="new-title">New</h2>
        <label htmlFor="new-kind">Kind</label>
        <Select id="new-kind" value={kind} options={KINDS} onChange={setKind} />
        <label htmlFor="new-name">{kind === 'platform' ? 'Product id' : 'Name (the address)'}</label>
        <input id="new-name" value={name} required pattern="[a-z0-9][a-z0-9\-]*" aria-describedby="new-help" onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="studio-primary">Create</button>
        <p className="studio-help" id="new-help">Lower-case letters, digits and dashes, e.g. my-new-article. A platform page is made from its product in the catalogue.</p>
      </form>
      <section className="studio-panel" aria-labelledby="pages-title">
        <h2 id="pages-title">Pages</h2>
        <label htmlFor="search">Search pages</label>
        <input id="search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        {pages === null ? (
          <p>Loading…</p>
        ) : (
          <>
            <p className="studio-help" role="status">{shown.length} of {pages.length} pages</p>
            {scheduled.length ? (
              <section className="studio-scheduled" aria-labelledby="scheduled-title">
                <h3 id="scheduled-title">Scheduled</h3>
                <p className="studio-help">Times in your time zone, {ZONE}. Each page goes live by itself at its time (the scheduled workflow rebuilds the site).</p>
                <ul className="studio-list">
                  {scheduled.map((p) => <li key={p.file}><a href={`/_studio?file=${encodeURIComponent(p.file)}`} onClick={(e) => (e.preventDefault(), open(p.file))}>{p.title || p.file}</a>: <When iso={p.publishAt!} /></li>)}
                </ul>
              </section>
            ) : null}
            {groups.map(([group, list]) => <PageTable key={group} title={group} pages={list} open={open} />)}
            {admin.length ? (
              // Opened by a search, so what it finds is shown.
              <Disclosure className="studio-admin" title={`Admin screens (${admin.length}): the owner's area, not pages of the site`} open={adminOpen || q !== ''} onOpenChange={setAdminOpen}>
                <PageTable title="Admin screens" pages={admin} open={open} />
              </Disclosure>
            ) : null}
          </>
        )}
      </section>
    </main>
  );
}

/** The marketer's own time zone, from the browser (e.g. Europe/Paris). */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const WHEN = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** A moment in the marketer's time zone, with the zone named. */
function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{WHEN.format(new Date(iso))} ({ZONE})</time>;
}

/** The pages by their group (from the compiled pages: generator/studio/page-groups.ts), in the groups' order. */
function groupsOf(pages: PageSummary[]): [string, PageSummary[]][] {
  const by = new Map<string, PageSummary[]>();
  for (const p of [...pages].sort((a, b) => a.groupOrder - b.groupOrder || a.group.localeCompare(b.group) || a.route.localeCompare(b.route))) by.set(p.group, [...(by.get(p.group) ?? []), p]);
  return [...by];
}

function PageTable({ title, pages, open }: { title: string; pages: PageSummary[]; open: (file: string) => void }) {
  const id = `group-${title.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  return (
    <section className="studio-group" aria-labelledby={id}>
      <h3 id={id}>{title} <span className="studio-count">{pages.length}</span></h3>
      <table className="studio-table">
        <thead>
          <tr><th scope="col">Page</th><th scope="col">Route</th><th scope="col">State</th><th scope="col">Errors</th></tr>
        </thead>
        <tbody>
          {pages.map((p) => (
            <tr key={p.file}>
              <td><a href={`/_studio?file=${encodeURIComponent(p.file)}`} onClick={(e) => (e.preventDefault(), open(p.file))}>{p.title || p.file}</a> <span className="studio-file">{p.file}</span></td>
              <td><code>{p.route}</code></td>
              <td><span className={`studio-badge is-${p.state}`}>{p.state}</span>{p.state === 'scheduled' && p.publishAt ? <> <When iso={p.publishAt} /></> : null}</td>
              <td>{p.errors ? <span className="studio-badge is-error">{p.errors}</span> : p.warnings ? `${p.warnings} warning${p.warnings > 1 ? 's' : ''}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
