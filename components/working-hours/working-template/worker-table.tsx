'use client';

import { useTranslations } from 'next-intl';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
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
  const fullName = (worker: UserListItem) => `${worker.name} ${worker.surname}`.trim();
  const columns: DataColumn<UserListItem>[] = [
    {
      id: 'avatar',
      header: <span className="sr-only">{t('avatar')}</span>,
      headerClassName: 'w-14',
      cell: (worker) => <WorkerAvatar userId={worker.id} name={worker.name} surname={worker.surname} profilePictureId={worker.profilePictureId} />,
    },
    {
      id: 'name',
      header: t('name'),
      cell: (worker) => (
        <>
          <div className="font-medium text-slate-900">{fullName(worker)}</div>
          <div className="text-xs text-slate-500">{worker.username}</div>
        </>
      ),
    },
    {
      id: 'template',
      header: t('template'),
      cell: (worker) =>
        worker.workingHoursTemplateName ? (
          <Tag colour="blue">{worker.workingHoursTemplateName}</Tag>
        ) : (
          <span className="text-xs text-slate-400">{t('noTemplate')}</span>
        ),
    },
  ];

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <DataTable
        label={t('label')}
        rows={rows}
        columns={columns}
        rowId={(worker) => worker.id}
        busy={loading}
        selection={{
          selected: Object.fromEntries([...ticked].map((id) => [id, true])),
          onChange: (next) => onTickedChange(new Set(Object.keys(next).filter((id) => next[id]).map(Number))),
          pageLabel: t('tickPage'),
          rowLabel: (worker) => t('tick', { name: fullName(worker) }),
          checkboxClassName: 'size-4 accent-brand',
          mixed: true,
          headerClassName: 'w-10',
        }}
        onOpen={(worker) => onOpen(worker.id)}
        // The keyboard's way to the drawer: Enter on the focused row, as a double click with the mouse.
        openWithEnter
        className="w-full text-left text-sm"
        headClassName="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
        headerCellClassName="px-3 py-2 font-medium"
        cellClassName="px-3 py-2"
        rowClassName={(_worker, selected) =>
          `cursor-pointer border-t border-slate-100 select-none hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand ${selected ? 'bg-blue-50/60' : ''}`
        }
        emptyText={loading ? t('loading') : t('empty')}
      />
    </div>
  );
}
