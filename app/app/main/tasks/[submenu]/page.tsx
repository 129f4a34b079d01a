import { Suspense } from 'react';
import { TaskListPage } from '@/components/tasks/list/task-list-page';
import { menuPageOrRedirect } from '@/lib/server/menu';

/** `unscheduled` lists tasks without a date; any other submenu lists a range of days (today by default). */
export default async function TasksPage({ params }: { params: Promise<{ submenu: string }> }) {
  const { submenu } = await params;
  const unscheduled = submenu === 'unscheduled';
  await menuPageOrRedirect('tasks', unscheduled ? 'unscheduled' : 'scheduled');
  return (
    <Suspense>
      <TaskListPage unscheduled={unscheduled} />
    </Suspense>
  );
}
