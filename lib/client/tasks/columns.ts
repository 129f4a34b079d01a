import { alwaysShownColumns } from '@/lib/contract/task-columns';

export const defaultTaskColumns: readonly string[] = [
  'id',
  'type',
  'client',
  'location',
  'assignee',
  'appointment',
  'duration',
  'status',
];

export const alwaysShown: readonly string[] = alwaysShownColumns;

/**
 * The columns to show from the saved preference: unknown or removed keys are dropped, id and type are always
 * there, and nothing saved (or nothing usable) means the default set.
 */
export function parsePreferredColumns(saved: string | null | undefined, knownKeys: readonly string[]): string[] {
  const known = new Set(knownKeys);
  const chosen = (saved ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && known.has(part));
  const base = chosen.length > 0 ? chosen : defaultTaskColumns.filter((key) => known.has(key));
  return orderColumns([...new Set([...alwaysShown, ...base])], knownKeys);
}

/** Keeps the chooser's order whatever order the keys were ticked in. */
export function orderColumns(keys: readonly string[], knownKeys: readonly string[]): string[] {
  const position = new Map(knownKeys.map((key, index) => [key, index]));
  return [...keys].sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity));
}

/** The comma-separated text PATCH users/preferredTaskColumns takes. */
export function serializeColumns(keys: readonly string[]): string {
  return [...new Set([...alwaysShown, ...keys])].join(',');
}

/** Splits a list into consecutive groups: the chooser's grid shows 10 per group, the duplicate modal 6. */
export function inGroupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
