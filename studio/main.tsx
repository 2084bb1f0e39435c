// The studio's browser entry, loaded only by /_studio in `npm run dev` (never part of a build).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, type StudioSchemas } from './api.ts';
import { Changes } from './changes.tsx';
import { Editor } from './editor.tsx';
import { PageList } from './page-list.tsx';

function Studio() {
  const [file, setFile] = useState(() => new URLSearchParams(location.search).get('file'));
  const [view, setView] = useState(() => new URLSearchParams(location.search).get('view'));
  const [schemas, setSchemas] = useState<StudioSchemas | null>(null);
  useEffect(() => {
    void api.schemas().then(setSchemas);
    const onPop = () => {
      const params = new URLSearchParams(location.search);
      setFile(params.get('file'));
      setView(params.get('view'));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const open = (next: string | null) => {
    history.pushState(null, '', next ? `/_studio?file=${encodeURIComponent(next)}` : '/_studio');
    setFile(next);
    setView(null);
  };
  const showChanges = () => {
    history.pushState(null, '', '/_studio?view=changes');
    setFile(null);
    setView('changes');
  };
  useEffect(() => {
    document.title = file ? `${file} · Studio` : view === 'changes' ? 'Changes · Studio' : 'Studio';
  }, [file, view]);
  if (!schemas) return <p role="status">Loading the studio…</p>;
  if (file) return <Editor key={file} file={file} schemas={schemas} onBack={() => open(null)} />;
  return view === 'changes' ? <Changes open={open} onBack={() => open(null)} /> : <PageList open={open} showChanges={showChanges} />;
}

createRoot(document.getElementById('studio')!).render(<Studio />);
