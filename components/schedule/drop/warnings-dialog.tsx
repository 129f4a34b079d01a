'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
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
    <Modal
      open={warnings.length > 0}
      onClose={onCancel}
      title={t('confirm.title')}
      width={460}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button onClick={onProceed}>{t('proceed')}</Button>
        </>
      }
    >
      <p className="mb-2 text-sm text-slate-700">{t('confirm.intro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {warnings.map((warning) => (
          <li key={warning.kind}>{warningText(warning, t, formats)}</li>
        ))}
      </ul>
    </Modal>
  );
}
