'use client';

import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import type { TaskView } from '@/lib/contract/tasks';
import type { DrawerTarget } from './task-drawer';
import { useFocusReturn } from './use-focus-return';

/** Every main screen hosts the drawer, but it opens on demand: its form, tabs and tables load with its first opening. */
const TaskDrawer = dynamic(() => import('./task-drawer').then((module) => module.TaskDrawer), { ssr: false });

const localDate = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);
const localTime = (text: string | null) => (text && /^\d{2}:\d{2}$/.test(text) ? text : undefined);

/** The new-task preset's parameters, dropped with it when the drawer closes or shows the created task. */
const presetParams = ['typeId', 'clientId', 'assigneeId', 'scheduleDate', 'scheduleTime'] as const;

const positiveId = (text: string | null) => {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
};

/**
 * Opens the task drawer from the URL: ?task=new (with typeId and clientId; the schedule board adds assigneeId,
 * scheduleDate 'YYYY-MM-DD' and scheduleTime 'HH:mm' on the tenant's clock) or ?task=<id>, so links and reloads work.
 */
export function TaskDrawerHost({ mapStyleUrl }: { mapStyleUrl: string | null }) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const taskParam = searchParams.get('task');
  const typeParam = searchParams.get('typeId');
  const clientParam = searchParams.get('clientId');
  const assigneeParam = searchParams.get('assigneeId');
  const dateParam = searchParams.get('scheduleDate');
  const timeParam = searchParams.get('scheduleTime');
  const missingFieldsParam = searchParams.get('missingFields');

  const target = useMemo<DrawerTarget | null>(() => {
    if (taskParam === 'new') {
      return {
        mode: 'new',
        typeId: positiveId(typeParam),
        clientId: positiveId(clientParam),
        assigneeId: positiveId(assigneeParam),
        scheduleDate: localDate(dateParam),
        scheduleTime: localTime(timeParam),
      };
    }
    const id = positiveId(taskParam);
    const missingFieldIds = (missingFieldsParam ?? '').split(',').map(positiveId).filter((field) => field !== undefined);
    return id ? { mode: 'task', id, missingFieldIds } : null;
  }, [taskParam, typeParam, clientParam, assigneeParam, dateParam, timeParam, missingFieldsParam]);

  const replaceParams = useCallback(
    (change: (params: URLSearchParams) => void) => {
      const params = new URLSearchParams(searchParams.toString());
      change(params);
      const query = params.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [pathname, router, searchParams],
  );

  const close = useCallback(
    () =>
      replaceParams((params) => {
        params.delete('task');
        for (const name of presetParams) params.delete(name);
        params.delete('missingFields');
      }),
    [replaceParams],
  );

  const showCreated = useCallback(
    (task: TaskView) =>
      replaceParams((params) => {
        params.set('task', String(task.id));
        for (const name of presetParams) params.delete(name);
      }),
    [replaceParams],
  );

  useFocusReturn(target !== null);
  if (!target) return null;
  return (
    <TaskDrawer
      key={target.mode === 'task' ? target.id : 'new'}
      target={target}
      mapStyleUrl={mapStyleUrl}
      onClose={close}
      onCreated={showCreated}
    />
  );
}
