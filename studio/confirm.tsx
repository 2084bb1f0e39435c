// A question that must be answered before something is lost (discarding a change): Radix's alert
// dialog, which traps the keyboard's focus inside, returns it to the button that opened it, closes on
// Escape, and names itself to screen readers; the browser's confirm() does none of that visibly styled.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';

export function Confirm({ trigger, title, children, action, onConfirm }: { trigger: ReactNode; title: string; children: ReactNode; action: string; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-slate-900/40" />
        <AlertDialog.Content className="studio-dialog fixed left-1/2 top-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-300 bg-white p-5 shadow-xl">
          <AlertDialog.Title className="m-0 text-base font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 mb-4 text-sm text-slate-700">{children}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <button type="button">Cancel</button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="studio-danger" onClick={onConfirm}>{action}</button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
