import { z } from 'zod';
import { Id } from './ids';

const optionalNumber = (min: number, max: number) => z.coerce.number().min(min).max(max).optional();

/** GET tasks/assignment-check: what the form knows when a worker is picked; only assigneeId is required. */
export const AssignmentCheckQuery = z.object({
  assigneeId: Id,
  typeId: Id.optional(),
  date: z.iso.datetime({ offset: true }).optional(),
  durationMins: z.coerce.number().int().min(1).max(9999).optional(),
  latitude: optionalNumber(-90, 90),
  longitude: optionalNumber(-180, 180),
});
export type AssignmentCheckQuery = z.infer<typeof AssignmentCheckQuery>;

export type AssignmentWarning =
  | { kind: 'skills'; required: string[]; given: string[]; missing: string[] }
  | { kind: 'zones'; zones: string[] }
  | { kind: 'unavailable'; date: string }
  | { kind: 'outsideWorkingHours'; date: string; hours: string[] };

export interface AssignmentCheckResponse {
  warnings: AssignmentWarning[];
}
