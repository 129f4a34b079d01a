import type { TaskView } from '@/lib/contract/tasks';

/** Translated status names, so a user finds "completato" in Italian as well as "completed" in English. */
export interface StatusLabels {
  task: (statusId: number) => string;
  billing: (billingStatusId: number) => string;
}

/** Everything the free-text filter looks in, lowercased once per row. */
export function searchTextOf(task: TaskView, labels: StatusLabels): string {
  const parts: Array<string | number | null | undefined> = [
    task.type.type,
    task.client?.displayName,
    task.referenceNumber,
    task.location.address,
    task.assignee ? `${task.assignee.name} ${task.assignee.surname}` : null,
    labels.task(task.statusId),
    labels.billing(task.billingStatusId),
    task.description,
    ...task.customFieldValues.map((value) => value.fieldValue),
  ];
  return parts
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join('\n')
    .toLowerCase();
}

/**
 * Caches each row's search text by the row object: a live update replaces the object, so only changed rows
 * are lowercased again, and a keystroke costs one `includes` per row.
 */
export function createSearchIndex(labels: StatusLabels) {
  const cache = new WeakMap<TaskView, string>();
  const textOf = (task: TaskView) => {
    let text = cache.get(task);
    if (text === undefined) {
      text = searchTextOf(task, labels);
      cache.set(task, text);
    }
    return text;
  };
  return {
    textOf,
    filter(tasks: readonly TaskView[], query: string): TaskView[] {
      const needle = query.trim().toLowerCase();
      if (needle === '') return [...tasks];
      return tasks.filter((task) => textOf(task).includes(needle));
    },
  };
}
export type SearchIndex = ReturnType<typeof createSearchIndex>;
