'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { DialogFooterRow, type DialogFrameProps } from './dialog-actions';

/** A centred dialog; `dismissible={false}` keeps clicks outside and Escape from closing it. */
export function Modal({
  open,
  onClose,
  title,
  width = 520,
  children,
  footer,
  dismissible = true,
}: DialogFrameProps & { dismissible?: boolean }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !dismissible ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => (dismissible ? undefined : event.preventDefault())}
          onPointerDownOutside={(event) => (dismissible ? undefined : event.preventDefault())}
          style={{ width: `min(${width}px, calc(100vw - 2rem))` }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl outline-none"
        >
          <Dialog.Title className="mb-3 text-base font-semibold text-slate-900">{title}</Dialog.Title>
          {children}
          {footer ? <DialogFooterRow className="mt-4">{footer}</DialogFooterRow> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
