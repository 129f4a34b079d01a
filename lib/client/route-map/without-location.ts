import type { BoardTask } from '@/lib/contract/schedule-board';
import { TaskStatus } from '@/lib/contract/statuses';

/**
 * The tasks the route map warns about: the worker's tasks on the board whose appointment starts in [from, to), not
 * cancelled, with no location — the same tasks GET task/direction leaves out for want of a location. The board
 * already holds them (BoardTask.hasLocation), so the direction call keeps the spec's bare list of legs.
 */
export function tasksWithoutLocation(events: readonly BoardTask[], workerId: number, from: Date, to: Date): BoardTask[] {
  const start = from.getTime();
  const end = to.getTime();
  return events
    .filter((task) => {
      if (task.assigneeId !== workerId || task.hasLocation || task.cancelled || task.statusId === TaskStatus.cancelled || task.start === null) return false;
      const at = Date.parse(task.start);
      return at >= start && at < end;
    })
    .sort((a, b) => Date.parse(a.start ?? '') - Date.parse(b.start ?? '') || a.id - b.id);
}
