'use client';

import { useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import type { AssignmentWarning } from '@/lib/contract/task-form';

/** Shows the first of the open warnings; proceeding moves to the next, cancelling drops the worker. */
export function AssignmentWarningDialog({
  warnings,
  onProceed,
  onCancel,
}: {
  warnings: AssignmentWarning[];
  onProceed: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('taskDrawer');
  /** The warning's day (YYYY-MM-DD) as the user reads dates. */
  const day = numericDateFormatter(useLocale());
  const warning = warnings[0];
  const list = (names: string[], empty: string) => (names.length > 0 ? names.join(', ') : empty);
  let message = '';
  if (warning) {
    switch (warning.kind) {
      case 'skills':
        message = t('warnings.skills', {
          required: list(warning.required, t('noSkills')),
          given: list(warning.given, t('noSkills')),
          missing: list(warning.missing, t('noSkills')),
        });
        break;
      case 'zones':
        message = t('warnings.zones', { zones: warning.zones.join(', ') });
        break;
      case 'unavailable':
        message = t('warnings.unavailable', { date: day(warning.date) });
        break;
      case 'outsideWorkingHours':
        message = t('warnings.outsideWorkingHours', { date: day(warning.date), hours: list(warning.hours, t('warnings.noHours')) });
        break;
    }
  }
  return (
    <ConfirmDialog
      open={Boolean(warning)}
      title={t('warningTitle')}
      message={message}
      confirmLabel={t('proceed')}
      cancelLabel={t('cancel')}
      onConfirm={onProceed}
      onCancel={onCancel}
    />
  );
}
