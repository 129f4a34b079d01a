'use client';

import { useCallback, useState, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { Modal } from './modal';

/**
 * Busy while the action runs, whether it succeeds or not: a confirm button stays disabled until the server answered,
 * so a double click sends one request.
 */
export function useBusyAction(): [busy: boolean, run: (action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}

/** An always-open modal asking for one action over a selection: Cancel closes it, the confirm button runs it. */
export function ActionModal({
  title,
  width,
  onClose,
  cancelLabel,
  confirmLabel,
  onConfirm,
  confirmDisabled,
  children,
}: {
  title: ReactNode;
  width: number;
  onClose: () => void;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  confirmDisabled: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      width={width}
      footer={
        <DialogActions
          cancelLabel={cancelLabel}
          onCancel={onClose}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          confirmDisabled={confirmDisabled}
        />
      }
    >
      {children}
    </Modal>
  );
}
