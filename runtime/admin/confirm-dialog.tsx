// A question the owner answers before something that cannot be undone (erasing an address, sending a
// newsletter to the list): Radix's alert dialog, which traps the keyboard's focus inside, returns it to
// the button that opened it, closes on Escape, and names itself to screen readers. The studio has its
// own (studio/confirm.tsx), styled for the studio.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { primaryButton, secondaryButton } from './ui.ts';

const dangerButton = 'rounded-xl bg-red-700 px-5 py-2.5 font-bold text-white shadow hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70';

export function ConfirmDialog({ trigger, title, children, action, onConfirm, danger = false }: {
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  /** The confirming button's label, which says what happens ("Erase", "Send to 12 subscribers"). */
  action: string;
  onConfirm: () => void;
  danger?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-gray-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-gray-200 bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-xl font-extrabold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-2 text-gray-700">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <button type="button" className={`${secondaryButton} py-2.5`}>Cancel</button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={danger ? dangerButton : `${primaryButton} py-2.5`} onClick={onConfirm}>{action}</button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
