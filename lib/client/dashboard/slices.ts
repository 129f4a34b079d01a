import type { TaskTypeCount } from '@/lib/contract/dashboard';

/** One slice of the task type donut: a type, or every small type together as Others (`typeId` null). */
export interface DonutSlice {
  typeId: number | null;
  name: string;
  count: number;
  share: number;
}

/**
 * Spec 03 §2.9: slices under 5 % of all tasks are grouped into one Others slice, placed last. A single small type
 * keeps its own name: an Others slice of one would hide the name and group nothing.
 */
export function groupSmallSlices(rows: readonly TaskTypeCount[], othersName: string, threshold = 0.05): DonutSlice[] {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return [];
  const slices = rows.map((row) => ({ typeId: row.typeId, name: row.type, count: row.count, share: row.count / total }));
  const small = slices.filter((slice) => slice.share < threshold);
  if (small.length < 2) return slices;
  const kept = slices.filter((slice) => slice.share >= threshold);
  const count = small.reduce((sum, slice) => sum + slice.count, 0);
  return [...kept, { typeId: null, name: othersName, count, share: count / total }];
}

/** What a widget shows: its data, or why not (spec 03 §8: non-array data is unavailable, an empty array no data). */
export type WidgetState<T> =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'empty' }
  | { kind: 'ready'; data: T };

/** Reads a list answer: anything but an array (a failed call included) is unavailable; [] is no data. */
export function listState<T>(answer: unknown): WidgetState<T[]> {
  if (!Array.isArray(answer)) return { kind: 'unavailable' };
  return answer.length === 0 ? { kind: 'empty' } : { kind: 'ready', data: answer as T[] };
}

/** Reads an object answer: unavailable unless it is an object with every field named a number. */
export function objectState<T extends object>(answer: unknown, fields: readonly (keyof T & string)[]): WidgetState<T> {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return { kind: 'unavailable' };
  const record = answer as Record<string, unknown>;
  return fields.every((field) => typeof record[field] === 'number') ? { kind: 'ready', data: answer as T } : { kind: 'unavailable' };
}

/** Minutes as hours with at most one decimal, for the hours widgets and tables. */
export const hoursOf = (minutes: number): number => Math.round(minutes / 6) / 10;
