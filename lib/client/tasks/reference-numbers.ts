import type { TaskView } from '@/lib/contract/tasks';

/**
 * Users know a task by its reference number, never its database id; calls answer ids, so alerts name the
 * reference numbers of the loaded rows. An id the list no longer holds is shown as it is rather than dropped.
 */
export function referenceNumbersOf(
  taskIds: readonly number[],
  rowsById: ReadonlyMap<number, Pick<TaskView, 'referenceNumber'>>,
): number[] {
  return taskIds.map((taskId) => rowsById.get(taskId)?.referenceNumber ?? taskId);
}
