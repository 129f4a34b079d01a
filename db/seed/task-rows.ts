import { and, eq, gte, lt } from 'drizzle-orm';
import { customFieldValues, taskLogs, taskNotes, taskTimeline, tasks } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import { allocateReferenceNumbers } from '@/lib/server/tasks/reference-counter';
import { inChunks, insertColumns } from '@/lib/server/core/bulk-insert';

type TaskInsert = typeof tasks.$inferInsert;

/** Every optional task field with the value a new task gets, so all rows of a batch set the same fields. */
const taskRowDefaults = {
  clientId: null,
  description: null,
  assigneeId: null,
  statusId: 1,
  billingStatusId: 1,
  cancelled: null,
  cancellationReasonId: null,
  cancellationReasonText: null,
  appointmentDate: null,
  durationMins: 60,
  timeSlotId: null,
  locationAddress: null,
  locationLatitude: null,
  locationLongitude: null,
  contactName: null,
  contactSurname: null,
  contactPhoneCountryCode: null,
  contactPhone: null,
  externalReference: null,
  completedAt: null,
  rating: null,
  feedbackComment: null,
  recurring: false,
  recurringTaskId: null,
  recurringRule: null,
  recurringCount: null,
  repeatEveryOption: null,
  repeatOn: null,
  endRecurrence: null,
  deleted: null,
} satisfies Partial<TaskInsert>;

export interface StatusStep {
  statusId: number;
  at: Date;
  userId: number | null;
}

/** One task to write, with the history that explains its current state. */
export interface TaskPlan {
  task: Omit<TaskInsert, 'id' | 'tenantId' | 'referenceNumber'> & { created: Date };
  creatorId: number | null;
  /** Status changes after creation, in order; the first timeline row (pending, at creation) is implied. */
  statusSteps: StatusStep[];
  cancellationReasonName?: string;
  billingChange?: { at: Date; userId: number | null };
  fieldValues?: Array<{ customFieldId: number; fieldValue: string }>;
  notes?: Array<{ note: string; authorId: number | null; date: Date }>;
}

export const insertBatchSize = 1000;

const statusNames: Record<number, string> = { 1: 'pending', 2: 'in progress', 3: 'paused', 4: 'completed', 5: 'cancelled' };
const billingNames: Record<number, string> = { 1: 'pending', 2: 'not invoiceable', 3: 'invoiced', 4: 'cancelled' };

/**
 * Writes tasks in multi-row batches with their timeline, log, custom field values and notes. Plans are numbered
 * in the order given, so pass them oldest first.
 */
export async function insertTaskPlans(db: DbOrTx, tenantId: number, plans: TaskPlan[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < plans.length; start += insertBatchSize) {
    const batch = plans.slice(start, start + insertBatchSize);
    const firstNumber = await allocateReferenceNumbers(db, tenantId, batch.length);
    const rows = batch.map((plan, index) => ({
      ...taskRowDefaults,
      ...plan.task,
      tenantId,
      referenceNumber: firstNumber + index,
    }));
    await insertColumns(db, tasks, rows);
    const byNumber = await idsByReferenceNumber(db, tenantId, firstNumber, batch.length);
    const batchIds = rows.map((row) => byNumber.get(row.referenceNumber) ?? 0);
    await insertHistory(db, tenantId, batch, batchIds);
    ids.push(...batchIds);
  }
  return ids;
}

/** The new tasks' ids, found through the reference numbers just given out to them. */
async function idsByReferenceNumber(
  db: DbOrTx,
  tenantId: number,
  firstNumber: number,
  count: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: tasks.id, referenceNumber: tasks.referenceNumber })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        gte(tasks.referenceNumber, firstNumber),
        lt(tasks.referenceNumber, firstNumber + count),
      ),
    );
  if (rows.length !== count) throw new Error('seed: inserted tasks do not match their reference numbers');
  return new Map(rows.map((row) => [row.referenceNumber, row.id]));
}

async function insertHistory(db: DbOrTx, tenantId: number, plans: TaskPlan[], taskIds: number[]): Promise<void> {
  const timelineRows: Array<typeof taskTimeline.$inferInsert> = [];
  const logRows: Array<typeof taskLogs.$inferInsert> = [];
  const valueRows: Array<typeof customFieldValues.$inferInsert> = [];
  const noteRows: Array<typeof taskNotes.$inferInsert> = [];

  plans.forEach((plan, index) => {
    const taskId = taskIds[index];
    const created = plan.task.created;
    timelineRows.push({ tenantId, taskId, userId: plan.creatorId, statusId: 1, created });
    logRows.push({ tenantId, taskId, userId: plan.creatorId, action: 'task_created', oldValue: null, newValue: null, created });
    let previousStatus = 1;
    for (const step of plan.statusSteps) {
      timelineRows.push({ tenantId, taskId, userId: step.userId, statusId: step.statusId, created: step.at });
      const cancelling = step.statusId === 5;
      logRows.push({
        tenantId,
        taskId,
        userId: step.userId,
        action: cancelling ? 'cancel_task' : 'change_task_status',
        oldValue: statusNames[previousStatus],
        newValue: cancelling ? (plan.cancellationReasonName ?? statusNames[5]) : statusNames[step.statusId],
        created: step.at,
      });
      previousStatus = step.statusId;
    }
    const billingStatusId = plan.task.billingStatusId ?? 1;
    if (plan.billingChange && billingStatusId !== 1) {
      logRows.push({
        tenantId,
        taskId,
        userId: plan.billingChange.userId,
        action: 'change_billing_status',
        oldValue: billingNames[1],
        newValue: billingNames[billingStatusId],
        created: plan.billingChange.at,
      });
    }
    for (const value of plan.fieldValues ?? []) {
      valueRows.push({ tenantId, taskId, ...value, created, updated: created });
    }
    for (const note of plan.notes ?? []) {
      noteRows.push({ tenantId, taskId, note: note.note, authorId: note.authorId, date: note.date, updated: note.date });
      logRows.push({
        tenantId,
        taskId,
        userId: note.authorId,
        action: 'add_note',
        oldValue: null,
        newValue: note.note,
        created: note.date,
      });
    }
  });

  await inChunks(timelineRows, insertBatchSize, (chunk) => insertColumns(db, taskTimeline, chunk));
  await inChunks(logRows, insertBatchSize, (chunk) => insertColumns(db, taskLogs, chunk));
  await inChunks(valueRows, insertBatchSize, (chunk) => insertColumns(db, customFieldValues, chunk));
  await inChunks(noteRows, insertBatchSize, (chunk) => insertColumns(db, taskNotes, chunk));
}
