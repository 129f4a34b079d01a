'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { DialogFooterRow, type DialogFrameProps } from './dialog-actions';

/**
 * A panel sliding in from the right (the spec's drawers: 500 wide for tasks and settings, 380 for users, 850 for
 * templates). Closing goes through onClose, so a form can ask before discarding unsaved changes.
 */
export function Drawer({
  open,
  onClose,
  title,
  width = 500,
  children,
  footer,
  closeLabel,
}: DialogFrameProps & { closeLabel: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content
          aria-describedby={undefined}
          style={{ width: `min(${width}px, 100vw)` }}
          className="fixed top-0 right-0 z-50 flex h-full flex-col bg-white shadow-xl outline-none"
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="flex-1 text-base font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close aria-label={closeLabel} className="rounded p-1 text-slate-500 hover:bg-slate-100">
              <X size={18} />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          {footer ? <DialogFooterRow className="border-t border-slate-200 px-4 py-3">{footer}</DialogFooterRow> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
