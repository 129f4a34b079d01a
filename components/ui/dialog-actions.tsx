import type { ReactNode } from 'react';
import { Button } from './button';

/** What every modal and drawer frame takes; each adds its own (a drawer's close label, a modal's dismissibility). */
export interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}

/** The footer row of a frame: buttons to the right, whatever is marked mr-auto to the left. */
export function DialogFooterRow({ className, children }: { className: string; children: ReactNode }) {
  return <div className={`flex justify-end gap-2 ${className}`}>{children}</div>;
}

type Confirm =
  | { confirmLabel?: undefined; onConfirm?: undefined; confirmDisabled?: undefined; confirmForm?: undefined }
  | {
      confirmLabel: ReactNode;
      /** Without it the button submits the form named by confirmForm. */
      onConfirm?: () => void;
      confirmDisabled?: boolean;
      confirmForm?: string;
    };

/**
 * The one footer of modals and drawers: leading content (a count, a delete or test button) on the left, then the
 * secondary Cancel (or Close), any further secondary actions, and the primary confirm last, so every dialog reads and
 * tabs the same way. Without a confirm label it is a close-only footer; `confirm` takes a confirm that is not a
 * button (a download link).
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  cancelDisabled,
  leading,
  extra,
  confirm,
  ...primary
}: {
  cancelLabel: ReactNode;
  onCancel: () => void;
  cancelDisabled?: boolean;
  leading?: ReactNode;
  extra?: ReactNode;
  confirm?: ReactNode;
} & Confirm) {
  return (
    <>
      {leading}
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {extra}
      {primary.confirmLabel !== undefined ? (
        <Button
          type={primary.onConfirm ? undefined : 'submit'}
          form={primary.confirmForm}
          onClick={primary.onConfirm}
          disabled={primary.confirmDisabled}
        >
          {primary.confirmLabel}
        </Button>
      ) : null}
      {confirm}
    </>
  );
}
