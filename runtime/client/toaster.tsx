// One sonner <Toaster /> for the whole site, with sonner's defaults; rich colours make error toasts look destructive.
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';

export function mountToaster(): void {
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.append(host);
  createRoot(host).render(<Toaster richColors />);
}
