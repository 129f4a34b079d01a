'use client';

import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ScheduleWarning } from '@/lib/contract/schedule-board';
import { warningText, type ScheduleFormats } from './schedule-messages';

/**
 * One confirmation naming every warning of a drop or move that the dispatcher may accept (spec 02 §5): the worker's
 * zones, a task without location, a worker not available at that time (a move).
 */
export function WarningsDialog({
  warnings,
  formats,
  onProceed,
  onCancel,
}: {
  warnings: ScheduleWarning[];
  formats: ScheduleFormats;
  onProceed: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('scheduleDrop');
  return (
    <ConfirmDialog
      open={warnings.length > 0}
      title={t('confirm.title')}
      width={460}
      confirmLabel={t('proceed')}
      cancelLabel={t('cancel')}
      onConfirm={onProceed}
      onCancel={onCancel}
    >
      <p className="mb-2 text-sm text-slate-700">{t('confirm.intro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {warnings.map((warning) => (
          <li key={warning.kind}>{warningText(warning, t, formats)}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
