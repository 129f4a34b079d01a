'use client';

import { useTranslations } from 'next-intl';
import type { RecordDrawerTexts } from './record-drawer';

/** The message namespaces of the record drawers; each holds the frame's words and its save and delete notices. */
export type RecordNamespace =
  | 'taskTypeDrawer'
  | 'clientDrawer'
  | 'workingHours.templates'
  | 'zones'
  | 'timeSlots'
  | 'notifications'
  | 'skillSettings'
  | 'cancellationReasonSettings'
  | 'customFieldSettings'
  | 'usersAdmin.drawer'
  | 'apiKeys';

/** The frame's words from a drawer's namespace, which words its delete question for its own kind of record. */
export function useRecordDrawerTexts(namespace: RecordNamespace): RecordDrawerTexts {
  const t = useTranslations(namespace);
  return {
    close: t('close'),
    cancel: t('cancel'),
    save: t('save'),
    delete: t('delete'),
    loading: t('loading'),
    unsavedTitle: t('unsaved.title'),
    unsavedMessage: t('unsaved.message'),
    unsavedContinue: t('unsaved.continue'),
    unsavedCancel: t('unsaved.cancel'),
    deleteTitle: t('deleteConfirm.title'),
    deleteMessage: t('deleteConfirm.message'),
    deleteYes: t('deleteConfirm.yes'),
    deleteNo: t('deleteConfirm.no'),
  };
}
