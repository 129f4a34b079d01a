import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { TaskListPage } from '@/components/tasks/list/task-list-page';
import { currentPageCtx, currentPageUser } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { taskListStart } from '@/lib/server/screens/task-list';

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * `unscheduled` lists tasks without a date, `scheduled` a range of days (today by default); any other address goes to
 * the scheduled list, as the board sends an unknown view to its day. The first screenful is read here, so the list
 * shows without waiting for the browser to ask.
 */
export default async function TasksPage({
  params,
  searchParams,
}: {
  params: Promise<{ submenu: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { submenu } = await params;
  if (submenu !== 'scheduled' && submenu !== 'unscheduled') redirect('/app/main/tasks/scheduled');
  const unscheduled = submenu === 'unscheduled';
  await menuPageOrRedirect('tasks', unscheduled ? 'unscheduled' : 'scheduled');
  const [ctx, user, query] = await Promise.all([currentPageCtx(), currentPageUser(), searchParams]);
  if (!ctx || !user) redirect('/app/login');
  const start = await taskListStart(ctx, user, unscheduled, { from: single(query.from), to: single(query.to) });
  return (
    <Suspense>
      <TaskListPage unscheduled={unscheduled} start={start} />
    </Suspense>
  );
}
