// The studio's browser entry, loaded only by /_studio in `npm run dev` (never part of a build).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, type StudioSchemas } from './api.ts';
import { Editor } from './editor.tsx';
import { PageList } from './page-list.tsx';

function Studio() {
  const [file, setFile] = useState(() => new URLSearchParams(location.search).get('file'));
  const [schemas, setSchemas] = useState<StudioSchemas | null>(null);
  useEffect(() => {
    void api.schemas().then(setSchemas);
    const onPop = () => setFile(new URLSearchParams(location.search).get('file'));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const open = (next: string | null) => {
    history.pushState(null, '', next ? `/_studio?file=${encodeURIComponent(next)}` : '/_studio');
    setFile(next);
  };
  useEffect(() => {
    document.title = file ? `${file} · Studio` : 'Studio';
  }, [file]);
  if (!schemas) return <p role="status">Loading the studio…</p>;
  return file ? <Editor key={file} file={file} schemas={schemas} onBack={() => open(null)} /> : <PageList open={open} />;
}

createRoot(document.getElementById('studio')!).render(<Studio />);
