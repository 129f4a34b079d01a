import { z } from 'zod';
import { Id } from './ids';
import { coded } from './problems';
import { requiredName } from './reference-data';

export const taskTypeDuration = { min: 1, max: 9999 } as const;
/** Used by the task form when the chosen type is unknown. */
export const defaultTaskDurationMins = 60;

const durationMessage = `Duration must be a whole number between ${taskTypeDuration.min} and ${taskTypeDuration.max}`;

/**
 * POST and PUT task-types. `skills` and `customFields` left out keep the stored links; given, they replace the
 * links to live (non-deleted) skills and fields.
 */
export const TaskTypeBody = z.object({
  type: requiredName('Type is required'),
  durationMins: z
    .number({ error: (issue) => (issue.input === undefined ? 'Duration is required' : durationMessage) })
    .int(coded('taskTypes.durationRange', durationMessage, taskTypeDuration))
    .min(taskTypeDuration.min, coded('taskTypes.durationRange', durationMessage, taskTypeDuration))
    .max(taskTypeDuration.max, coded('taskTypes.durationRange', durationMessage, taskTypeDuration)),
  skills: z.array(z.object({ skillId: Id })).optional(),
  customFields: z.array(z.object({ customFieldId: Id })).optional(),
});
export type TaskTypeBody = z.infer<typeof TaskTypeBody>;

export interface TaskTypeView {
  id: number;
  type: string;
  durationMins: number;
  skills: { skillId: number }[];
  customFields: { customFieldId: number }[];
  deleted: Date | null;
}

/** GET task-types/{id}: the type and how many open tasks (not completed, cancelled or deleted) use it. */
export interface TaskTypeDetailView extends TaskTypeView {
  openTaskCount: number;
}
