'use client';

import { useTranslations } from 'next-intl';
import { Tag } from '@/components/ui/tag';
import type { UserListItem } from '@/lib/contract/users';
import { WorkerAvatar } from './worker-avatar';

/** One page of workers: tick boxes, avatar, name and the template tag; a double click opens the worker. */
export function WorkerTable({
  rows,
  loading,
  ticked,
  onTickedChange,
  onOpen,
}: {
  rows: readonly UserListItem[];
  loading: boolean;
  ticked: ReadonlySet<number>;
  onTickedChange: (next: ReadonlySet<number>) => void;
  onOpen: (workerId: number) => void;
}) {
  const t = useTranslations('workingTemplate.table');
  const allTicked = rows.length > 0 && rows.every((row) => ticked.has(row.id));
  const someTicked = rows.some((row) => ticked.has(row.id));

  const tick = (ids: readonly number[], on: boolean) => {
    const next = new Set(ticked);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onTickedChange(next);
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" aria-label={t('label')} aria-busy={loading}>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                className="size-4 accent-brand"
                aria-label={t('tickPage')}
                checked={allTicked}
                ref={(input) => {
                  if (input) input.indeterminate = someTicked && !allTicked;
                }}
                onChange={(event) => tick(rows.map((row) => row.id), event.target.checked)}
              />
            </th>
            <th scope="col" className="w-14 px-3 py-2 font-medium">
              <span className="sr-only">{t('avatar')}</span>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('name')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('template')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((worker) => {
            const fullName = `${worker.name} ${worker.surname}`.trim();
            return (
              <tr
                key={worker.id}
                onDoubleClick={() => onOpen(worker.id)}
                // The keyboard's way to the drawer: Enter on the focused row, as a double click with the mouse.
                tabIndex={0}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(worker.id);
                }}
                className={`cursor-pointer border-t border-slate-100 select-none hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand ${ticked.has(worker.id) ? 'bg-blue-50/60' : ''}`}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    aria-label={t('tick', { name: fullName })}
                    checked={ticked.has(worker.id)}
                    onChange={(event) => tick([worker.id], event.target.checked)}
                    onDoubleClick={(event) => event.stopPropagation()}
                  />
                </td>
                <td className="px-3 py-2">
                  <WorkerAvatar userId={worker.id} name={worker.name} surname={worker.surname} profilePictureId={worker.profilePictureId} />
                </td>
                <td className="px-3 py-2">
                  <div className="font-medium text-slate-900">{fullName}</div>
                  <div className="text-xs text-slate-500">{worker.username}</div>
                </td>
                <td className="px-3 py-2">
                  {worker.workingHoursTemplateName ? (
                    <Tag colour="blue">{worker.workingHoursTemplateName}</Tag>
                  ) : (
                    <span className="text-xs text-slate-400">{t('noTemplate')}</span>
                  )}
                </td>
              </tr>
            );
          })}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-3 py-10 text-center text-slate-500">
                {loading ? t('loading') : t('empty')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
