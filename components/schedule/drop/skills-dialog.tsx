'use client';

import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { SkillsWarning } from './schedule-problems';

/**
 * The skills mismatch dialog (spec 02 §5, §8): the skills the task type requires, those the worker has and those
 * missing; Proceed saves the assignment anyway, Cancel puts the task back where it was.
 */
export function SkillsDialog({
  warning,
  onProceed,
  onCancel,
}: {
  warning: SkillsWarning | null;
  onProceed: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('scheduleDrop');
  const rows: { label: string; names: string[]; tone: string }[] = warning
    ? [
        { label: t('skills.required'), names: warning.required, tone: 'text-slate-800' },
        { label: t('skills.given'), names: warning.given, tone: 'text-slate-800' },
        { label: t('skills.missing'), names: warning.missing, tone: 'text-red-700' },
      ]
    : [];
  return (
    <ConfirmDialog
      open={warning !== null}
      title={t('skills.title')}
      width={460}
      confirmLabel={t('proceed')}
      cancelLabel={t('cancel')}
      onConfirm={onProceed}
      onCancel={onCancel}
    >
      <p className="mb-3 text-sm text-slate-700">{t('skills.intro')}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium text-slate-600">{row.label}</dt>
            <dd className={row.tone}>{row.names.length > 0 ? row.names.join(', ') : t('noSkills')}</dd>
          </div>
        ))}
      </dl>
    </ConfirmDialog>
  );
}
