'use client';

import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { Modal } from './modal';

/**
 * Asks before something that cannot be undone, such as discarding unsaved changes. The question is a plain
 * `message`, or `children` when it needs more than a sentence (a list of warnings, a table of skills).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  children,
  width = 420,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message?: string;
  children?: ReactNode;
  width?: number;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      width={width}
      footer={<DialogActions cancelLabel={cancelLabel} onCancel={onCancel} confirmLabel={confirmLabel} onConfirm={onConfirm} />}
    >
      {children ?? <p className="text-sm text-slate-700">{message}</p>}
    </Modal>
  );
}
