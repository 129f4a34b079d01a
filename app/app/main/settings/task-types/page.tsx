import { TaskTypesList } from '@/components/task-types/task-types-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → task types: the list of the tenant's task types, added and modified through the task type drawer. */
export default async function TaskTypesSettingsPage() {
  await menuPageOrRedirect('settings', 'task-types');
  return <TaskTypesList />;
}
