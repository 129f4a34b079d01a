import type { TaskView } from '@/lib/contract/tasks';

/** What every tab of the task drawer gets besides Details. */
export interface TaskTabProps {
  task: TaskView;
  /** A cancelled task: nothing may be added, edited or deleted. */
  readOnly: boolean;
  /** The tab changed the task (its `updated` moved); the drawer takes the new view. */
  onTaskChanged: (task: TaskView) => void;
  /** Reads the task again from the server. */
  reloadTask: () => void;
}
