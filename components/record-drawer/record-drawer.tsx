'use client';

import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Drawer } from '@/components/ui/drawer';

/** The words a record drawer shows around its form, given by each drawer from its own namespace. */
export interface RecordDrawerTexts {
  close: string;
  cancel: string;
  save: string;
  delete: string;
  loading: string;
  unsavedTitle: string;
  unsavedMessage: string;
  unsavedContinue: string;
  unsavedCancel: string;
  deleteTitle: string;
  deleteMessage: string;
  deleteYes: string;
  deleteNo: string;
}

/**
 * The frame shared by the record drawers (task type, client, working-hours template): a drawer (500 wide unless told)
 * whose form is submitted by the footer's Save, which asks before discarding unsaved changes (spec 03 §4) and before deleting a record.
 */
export function RecordDrawer({
  open,
  title,
  formId,
  texts,
  loading,
  dirty,
  editing,
  busy,
  onClose,
  onDelete,
  children,
  width = 500,
  deletable = true,
}: {
  open: boolean;
  title: string;
  formId: string;
  texts: RecordDrawerTexts;
  loading: boolean;
  dirty: boolean;
  editing: boolean;
  busy: boolean;
  onClose: () => void;
  onDelete: () => void;
  children: ReactNode;
  width?: number;
  /** false hides Delete on an existing record that may not be deleted (the signed-in user's own, say). */
  deletable?: boolean;
}) {
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const [askingToDelete, setAskingToDelete] = useState(false);

  const requestClose = () => {
    if (dirty) setAskingToDiscard(true);
    else onClose();
  };

  // An existing record has nothing to save until it changes; a new one is validated on the first Save.
  const saveDisabled = loading || busy || (editing && !dirty);

  return (
    <>
      <Drawer
        open={open}
        onClose={requestClose}
        title={title}
        width={width}
        closeLabel={texts.close}
        footer={
          <>
            {editing && deletable ? (
              <Button
                variant="secondary"
                className="mr-auto text-red-700!"
                disabled={loading || busy}
                onClick={() => setAskingToDelete(true)}
              >
                <Trash2 size={16} aria-hidden />
                {texts.delete}
              </Button>
            ) : null}
            <DialogActions cancelLabel={texts.cancel} onCancel={requestClose} confirmLabel={texts.save} confirmForm={formId} confirmDisabled={saveDisabled} />
          </>
        }
      >
        {loading ? <p className="text-sm text-slate-500">{texts.loading}</p> : children}
      </Drawer>
      <ConfirmDialog
        open={askingToDiscard}
        title={texts.unsavedTitle}
        message={texts.unsavedMessage}
        confirmLabel={texts.unsavedContinue}
        cancelLabel={texts.unsavedCancel}
        onConfirm={() => {
          setAskingToDiscard(false);
          onClose();
        }}
        onCancel={() => setAskingToDiscard(false)}
      />
      <ConfirmDialog
        open={askingToDelete}
        title={texts.deleteTitle}
        message={texts.deleteMessage}
        confirmLabel={texts.deleteYes}
        cancelLabel={texts.deleteNo}
        onConfirm={() => {
          setAskingToDelete(false);
          onDelete();
        }}
        onCancel={() => setAskingToDelete(false)}
      />
    </>
  );
}
