import { UserPlus, Users } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** Where workers are added: the users tab of the settings. */
export const addWorkerPath = '/app/main/settings/users';

/**
 * In place of the grid when the company has no worker yet: an empty grid says nothing, this says why and, to a user
 * who may add users, where to add one; anyone else is told whom to ask.
 */
export function BoardEmpty({ canAddUsers }: { canAddUsers: boolean }) {
  const t = useTranslations('schedule.grid');
  return (
    <div
      data-testid="schedule-board-empty"
      className="flex h-full min-h-[420px] flex-col items-center justify-center gap-3 rounded-md border border-dashed border-slate-300 bg-white p-6 text-center"
    >
      <Users size={32} className="text-slate-400" aria-hidden />
      <h2 className="text-base font-semibold text-slate-900">{t('noWorkers')}</h2>
      <p className="max-w-md text-sm text-slate-600">{canAddUsers ? t('noWorkersHint') : t('askForWorkers')}</p>
      {canAddUsers ? (
        <Link
          href={addWorkerPath}
          className="flex items-center gap-1 rounded-md bg-brand px-3 py-2 text-sm font-medium text-white hover:bg-brand-dark"
        >
          <UserPlus size={16} aria-hidden />
          {t('addWorker')}
        </Link>
      ) : null}
    </div>
  );
}
