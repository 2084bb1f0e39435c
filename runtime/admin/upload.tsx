// /admin/upload: the specification's upload screen. Pick a PDF and a destination path in the public
// previews bucket; 'Uploading…' while it goes; the public address on success. Whether the upload is
// allowed is decided by the database's storage policies, never by this page: a signed-in non-admin
// may try, and is shown the server's refusal. `?path=` (from 'Replace' on /admin/previews) fills the path.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { uploadPreview } from '../backend/previews.ts';
import { useAdmin } from './context.ts';
import { card, formatSize, inputClass, primaryButton } from './ui.ts';

const PDF_MAGIC = '%PDF-';

async function looksLikePdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_MAGIC;
}

/** The upload's state and its submit handler: checks the file and path, then sends it. */
function useUpload(initialPath: string) {
  const [file, setFile] = useState<File | null>(null);
  const [path, setPath] = useState(initialPath);
  const [uploading, setUploading] = useState(false);
  const [publicUrl, setPublicUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onUpload = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    setFailure(null);
    if (!file) {
      toast.error('No file selected', { description: 'Please choose a PDF file first.' });
      return;
    }
    const target = path.trim().replace(/^\/+/, '');
    if (!target.endsWith('.pdf')) {
      toast.error('Invalid file name', { description: 'The path must end with .pdf' });
      return;
    }
    if (!(await looksLikePdf(file))) {
      toast.error('Not a PDF file', { description: 'Please choose a PDF file first.' });
      return;
    }
    setUploading(true);
    setPublicUrl(null);
    try {
      const { publicUrl: url } = await uploadPreview(file, target);
      setPublicUrl(url);
      toast.success('Upload successful', { description: 'Preview is now publicly accessible.' });
    } catch (err) {
      console.error('Uploading the preview failed:', err);
      const message = err instanceof Error && err.message ? err.message : 'Please try again.';
      setFailure(message);
      toast.error('Upload failed', { description: message });
    } finally {
      setUploading(false);
    }
  };
  return { file, setFile, path, setPath, uploading, publicUrl, failure, onUpload };
}

export function UploadScreen() {
  const { session, props } = useAdmin();
  const [params] = useSearchParams();
  const { file, setFile, path, setPath, uploading, publicUrl, failure, onUpload } = useUpload(params.get('path') || props.defaultPath);
  const listId = useId();
  const admin = session.admin;

  return (
    <section aria-labelledby="admin-upload-heading" className={`${card} mx-auto max-w-2xl`} data-testid="admin-upload-form">
      <h2 id="admin-upload-heading" className="text-2xl font-extrabold text-gray-900">Upload a preview PDF</h2>
      {props.uploadIntro && <p className="mt-2 text-gray-700">{props.uploadIntro}</p>}
      {!admin && (
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Only admins may upload previews. This account is not an admin, so the storage service will refuse the upload.
        </p>
      )}
      <form onSubmit={onUpload} className="mt-6 space-y-5">
        <div>
          <label htmlFor="admin-file" className="block text-sm font-semibold text-gray-800">PDF file</label>
          <input
            id="admin-file"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full rounded-xl border border-dashed border-gray-400 bg-gray-50 p-3 text-sm text-gray-800 file:mr-4 file:rounded-lg file:border-0 file:bg-violet-100 file:px-4 file:py-2 file:font-semibold file:text-violet-900 hover:file:bg-violet-200"
          />
          {file && <p className="mt-1 text-sm text-gray-600">Size: {formatSize(file.size)}</p>}
        </div>
        <div>
          <label htmlFor="admin-path" className="block text-sm font-semibold text-gray-800">Destination path</label>
          <input id="admin-path" type="text" list={listId} value={path} onChange={(e) => setPath(e.target.value)} aria-describedby="admin-path-hint" spellCheck={false} autoCapitalize="off" className={`${inputClass} font-mono text-sm`} />
          <datalist id={listId}>
            {props.previews.map((p) => <option key={p.path} value={p.path} />)}
          </datalist>
          <p id="admin-path-hint" className="mt-1 text-sm text-gray-600">In the public <code>previews</code> bucket; must end with .pdf. A file already at this path is replaced.</p>
        </div>
        <button type="submit" disabled={uploading} className={`${primaryButton} w-full sm:w-auto`}>
          {uploading ? 'Uploading…' : 'Upload PDF'}
        </button>
      </form>

      {publicUrl && <UploadResult publicUrl={publicUrl} />}
      {failure && <UploadFailure failure={failure} admin={admin} email={session.user.email} />}
    </section>
  );
}

function UploadResult({ publicUrl }: { publicUrl: string }) {
  return (
    <div className="mt-6 rounded-2xl border-2 border-emerald-500 bg-emerald-50 p-4" data-testid="upload-result">
      <p className="font-bold text-emerald-900">Upload successful. Public address:</p>
      <a href={publicUrl} target="_blank" rel="noopener noreferrer" className="mt-1 block break-all font-mono text-sm text-violet-800 underline" data-testid="public-url">
        {publicUrl}
      </a>
    </div>
  );
}

function UploadFailure({ failure, admin, email }: { failure: string; admin: boolean; email: string | undefined }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl border-2 border-red-400 bg-red-50 p-4 text-red-900" data-testid="upload-error">
      <p className="font-bold">Upload failed: {failure}</p>
      {!admin && <p className="mt-1 text-sm">Only admins may upload previews, and {email} is not an admin account.</p>}
    </div>
  );
}
