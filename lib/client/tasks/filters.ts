import type { TaskView } from '@/lib/contract/tasks';

/** What the filter drawer can set; an empty or missing criterion does not filter. */
export interface TaskFilterCriteria {
  typeId?: number | null;
  clientId?: number | null;
  assigneeId?: number | null;
  statusIds?: readonly number[];
  billingStatusIds?: readonly number[];
  notesText?: string;
  filesText?: string;
  /** Text or single-select criteria: the value must contain the text, any case. */
  customFieldTexts?: Readonly<Record<number, string>>;
  /** Multi-select criteria: every chosen option must be among the task's options. */
  customFieldOptions?: Readonly<Record<number, readonly string[]>>;
}

/** The task ids that the server's notes and file-description searches returned; null when that text is not set. */
export interface ServerMatches {
  notes: ReadonlySet<number> | null;
  files: ReadonlySet<number> | null;
}

export const emptyCriteria: TaskFilterCriteria = {};

export function countActiveCriteria(criteria: TaskFilterCriteria): number {
  let count = 0;
  if (criteria.typeId) count += 1;
  if (criteria.clientId) count += 1;
  if (criteria.assigneeId) count += 1;
  if (criteria.statusIds?.length) count += 1;
  if (criteria.billingStatusIds?.length) count += 1;
  if (criteria.notesText?.trim()) count += 1;
  if (criteria.filesText?.trim()) count += 1;
  count += Object.values(criteria.customFieldTexts ?? {}).filter((text) => text.trim() !== '').length;
  count += Object.values(criteria.customFieldOptions ?? {}).filter((options) => options.length > 0).length;
  return count;
}

/** The options held by a multi-select value: a comma list, or a quantity select's JSON list of {value}. */
export function optionsOfValue(fieldValue: string | null): string[] {
  if (!fieldValue) return [];
  const text = fieldValue.trim();
  if (text.startsWith('[')) {
    try {
      const items: unknown = JSON.parse(text);
      if (Array.isArray(items)) {
        return items
          .map((item: unknown) =>
            typeof item === 'object' && item !== null && 'value' in item ? String(item.value) : String(item),
          )
          .map((option) => option.trim().toLowerCase());
      }
    } catch {
      // Not JSON after all: read it as a comma list below.
    }
  }
  return text
    .split(',')
    .map((option) => option.trim().toLowerCase())
    .filter((option) => option !== '');
}

function valueOf(task: TaskView, customFieldId: number): string | null {
  return task.customFieldValues.find((value) => value.customFieldId === customFieldId)?.fieldValue ?? null;
}

/** True when the task meets every set criterion (they combine with AND). */
export function matchesCriteria(task: TaskView, criteria: TaskFilterCriteria, server: ServerMatches): boolean {
  if (criteria.typeId && task.typeId !== criteria.typeId) return false;
  if (criteria.clientId && task.clientId !== criteria.clientId) return false;
  if (criteria.assigneeId && task.assigneeId !== criteria.assigneeId) return false;
  if (criteria.statusIds?.length && !criteria.statusIds.includes(task.statusId)) return false;
  if (criteria.billingStatusIds?.length && !criteria.billingStatusIds.includes(task.billingStatusId)) return false;
  if (server.notes && !server.notes.has(task.id)) return false;
  if (server.files && !server.files.has(task.id)) return false;
  for (const [id, text] of Object.entries(criteria.customFieldTexts ?? {})) {
    const needle = text.trim().toLowerCase();
    if (needle === '') continue;
    if (!(valueOf(task, Number(id)) ?? '').toLowerCase().includes(needle)) return false;
  }
  for (const [id, wanted] of Object.entries(criteria.customFieldOptions ?? {})) {
    if (wanted.length === 0) continue;
    const held = optionsOfValue(valueOf(task, Number(id)));
    if (!wanted.every((option) => held.includes(option.trim().toLowerCase()))) return false;
  }
  return true;
}

export function applyCriteria(
  tasks: readonly TaskView[],
  criteria: TaskFilterCriteria,
  server: ServerMatches,
): TaskView[] {
  if (countActiveCriteria(criteria) === 0) return [...tasks];
  return tasks.filter((task) => matchesCriteria(task, criteria, server));
}
