import { Suspense } from 'react';
import { TaskListPage } from '@/components/tasks/list/task-list-page';
import { currentPageUser } from '@/lib/server/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/menu';

/** `unscheduled` lists tasks without a date; any other submenu lists a range of days (today by default). */
export default async function TasksPage({ params }: { params: Promise<{ submenu: string }> }) {
  const { submenu } = await params;
  const unscheduled = submenu === 'unscheduled';
  await menuPageOrRedirect('tasks', unscheduled ? 'unscheduled' : 'scheduled');
  // Already read for this request by the layout; handing it down lets the list ask for its tasks at once.
  const user = await currentPageUser();
  const listUser = user && {
    id: user.id,
    tenantTimeZone: user.tenantTimeZone,
    preferredTimeFormat: user.preferredTimeFormat,
    preferredTaskColumns: user.preferredTaskColumns,
  };
  return (
    <Suspense>
      <TaskListPage unscheduled={unscheduled} user={listUser} />
    </Suspense>
  );
}
