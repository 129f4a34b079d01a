'use client';

import { Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/client/api';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { TaskTypeDrawer } from './task-type-drawer';

/** Which task type the drawer shows: none (closed), a new one, or an existing one by id. */
type DrawerTarget = { open: false } | { open: true; taskTypeId: number | null };

/** The tenant's live task types by name; double-clicking a row modifies it, Add creates one. */
export function TaskTypesList() {
  const t = useTranslations('taskTypeDrawer.list');
  const [taskTypes, setTaskTypes] = useState<TaskTypeView[] | null>(null);
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });

  const reload = useCallback(async () => {
    try {
      setTaskTypes(await api<TaskTypeView[]>('task-types'));
    } catch {
      // The failed call has shown its notice; an empty list is honest about what could be read.
      setTaskTypes([]);
    }
  }, []);

  useEffect(() => {
    let current = true;
    api<TaskTypeView[]>('task-types').then(
      (rows) => current && setTaskTypes(rows),
      () => current && setTaskTypes([]),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 p-4">
      <div className="flex items-center gap-2">
        <h1 className="flex-1 text-lg font-semibold text-slate-900">{t('title')}</h1>
        <Button onClick={() => setDrawer({ open: true, taskTypeId: null })}>
          <Plus size={16} aria-hidden />
          {t('add')}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('type')}
              </th>
              <th scope="col" className="w-40 px-4 py-2 font-medium">
                {t('duration')}
              </th>
            </tr>
          </thead>
          <tbody>
            {taskTypes?.map((taskType) => (
              <tr
                key={taskType.id}
                className="cursor-pointer border-t border-slate-100 select-none hover:bg-slate-50"
                onDoubleClick={() => setDrawer({ open: true, taskTypeId: taskType.id })}
              >
                <td className="px-4 py-2 text-slate-900">{taskType.type}</td>
                <td className="px-4 py-2 text-slate-700">{t('minutes', { count: taskType.durationMins })}</td>
              </tr>
            ))}
            {taskTypes?.length === 0 ? (
              <tr>
                <td colSpan={2} className="px-4 py-6 text-center text-slate-500">
                  {t('empty')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <TaskTypeDrawer
        open={drawer.open}
        taskTypeId={drawer.open ? drawer.taskTypeId : null}
        onClose={() => setDrawer({ open: false })}
        onSaved={reload}
        onDeleted={reload}
      />
    </section>
  );
}
