'use client';

import type { ReactNode } from 'react';
import { Button } from './button';
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
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      {children ?? <p className="text-sm text-slate-700">{message}</p>}
    </Modal>
  );
}
