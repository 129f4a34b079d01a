'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import type { Problem } from '@/lib/contract/errors';
import type { RecordNamespace } from './record-drawer-texts';
import { isConflict, isNotFound, serverFieldErrors, useDrawerRecord } from './use-drawer-record';

/** What a record drawer tells useRecordActions about its record and what to do around a save or a delete. */
export interface RecordActionsOptions<View> {
  open: boolean;
  /** The API collection: the record is `${collection}/${id}`. */
  collection: string;
  /** null for a new record. */
  id: number | null;
  namespace: RecordNamespace;
  /** Puts the form back to the record, or to a new one's blank values. */
  resetTo: (view: View | null) => void;
  /** A field error the server gave, by its body path (billingContact.email, skills.0.skillId …). */
  onFieldError: (path: string, problem: Problem) => void;
  onClose: () => void;
  onSaved?: (view: View) => void;
  onDeleted?: (id: number) => void;
  /** Sent with a PUT only, e.g. '?changeName=true' for a template. */
  updateQuery?: string;
  /** Replaces the namespace's 'saved' notice after a PUT, for a drawer with more to say (a change applied later). */
  savedMessage?: string;
  /**
   * Statuses of a failed save whose field errors go onto the form instead of a global notice: 400 always, and e.g.
   * 422 for a drawer whose business rules name the field at fault.
   */
  fieldErrorStatuses?: readonly number[];
}

/**
 * What every record drawer does with its record (spec 01 §2, §8): load it when opened on one (a failed load closes
 * the drawer), save it with POST or PUT (409 → the already-exists warning, field errors of a 400 onto the form),
 * delete it, and forget it on close. The drawer keeps its own form and fields.
 */
export function useRecordActions<View>({
  open,
  collection,
  id,
  namespace,
  resetTo,
  onFieldError,
  onClose,
  onSaved,
  onDeleted,
  updateQuery = '',
  savedMessage,
  fieldErrorStatuses = [400],
}: RecordActionsOptions<View>) {
  const t = useTranslations(namespace);
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const path = id === null ? null : `${collection}/${id}`;

  const close = () => {
    resetTo(null);
    onClose();
  };

  const { loading } = useDrawerRecord<View>({
    open,
    path,
    onLoaded: resetTo,
    onFailed: (error) => {
      if (isNotFound(error)) toast.error(t('loadFailed'));
      close();
    },
  });

  const save = async (json: unknown) => {
    setBusy(true);
    try {
      const saved = await api<View>(path ? `${path}${updateQuery}` : collection, {
        method: path ? 'PUT' : 'POST',
        json,
        quietStatuses: [...fieldErrorStatuses],
      });
      toast.success(path ? (savedMessage ?? t('saved')) : t('created'));
      onSaved?.(saved);
      close();
    } catch (error) {
      const fieldProblems = serverFieldErrors(error, fieldErrorStatuses);
      // A duplicate that names its field (a name already taken) is told beside the field, not twice.
      if (isConflict(error) && !fieldProblems) toast.warning(t('alreadyExists'));
      else if (isNotFound(error)) toast.error(t('loadFailed'));
      // A rule of the whole record the drawer let through (one refused without a field to show it on).
      else if (error instanceof ApiError && !fieldProblems && fieldErrorStatuses.includes(error.status)) toast.error(errorText(error));
      for (const [field, problems] of Object.entries(fieldProblems ?? {})) {
        if (problems[0]) onFieldError(field, problems[0]);
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (id === null || path === null) return;
    setBusy(true);
    try {
      await api<View>(path, { method: 'DELETE' });
      toast.success(t('deleted'));
      onDeleted?.(id);
      close();
    } catch (error) {
      if (isNotFound(error)) toast.error(t('loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return { loading, busy, close, save, remove };
}
