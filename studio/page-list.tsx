// Every page file with its route, template, state and errors; a search; new pages from the starters
// of `npm run new`.
import { useEffect, useState, type FormEvent } from 'react';
import { api, type PageSummary } from './api.ts';

export function PageList({ open, showChanges }: { open: (file: string) => void; showChanges: () => void }) {
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('page');
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
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
  const shown = (pages ?? []).filter((p) => !q || `${p.title} ${p.route} ${p.file} ${p.template} ${p.state}`.toLowerCase().includes(q));
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
        <select id="new-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="page">New page</option>
          <option value="article">New article</option>
          <option value="platform">New platform</option>
        </select>
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
          <table className="studio-table">
            <caption className="sr-only">{shown.length} of {pages.length} pages</caption>
            <thead>
              <tr><th scope="col">Page</th><th scope="col">Route</th><th scope="col">Template</th><th scope="col">State</th><th scope="col">Errors</th></tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.file}>
                  <td><a href={`/_studio?file=${encodeURIComponent(p.file)}`} onClick={(e) => (e.preventDefault(), open(p.file))}>{p.title || p.file}</a> <span className="studio-file">{p.file}</span></td>
                  <td><code>{p.route}</code></td>
                  <td>{p.template}</td>
                  <td>{p.state}{p.state === 'scheduled' && p.publishAt ? ` (${p.publishAt.slice(0, 10)})` : ''}</td>
                  <td>{p.errors ? <span className="studio-badge is-error">{p.errors}</span> : p.warnings ? `${p.warnings} warning${p.warnings > 1 ? 's' : ''}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
