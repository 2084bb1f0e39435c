// One sonner <Toaster /> for the whole site, with sonner's defaults; rich colours make error toasts look
// destructive. Loaded by toast.ts with the first toast, so pages that never toast never download it.
import { createRoot } from 'react-dom/client';
import { toast, Toaster } from 'sonner';

/** Mounts the toaster and hands back sonner's toast; a toast raised before the toaster subscribes still shows. */
export function mountToaster(): typeof toast {
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.append(host);
  createRoot(host).render(<Toaster richColors />);
  return toast;
}
