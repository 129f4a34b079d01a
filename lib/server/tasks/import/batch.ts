import 'server-only';
import { sql } from 'drizzle-orm';
import { customFieldValues, tasks } from '@/db/schema';
import { insertColumns, insertStatement } from '@/lib/server/core/bulk-insert';
import { queryRows } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { isEmptyValue } from '@/lib/server/tasks/custom-field-values';
import { allocateReferenceNumbers, lockReferenceCounter } from '@/lib/server/tasks/reference-counter';
import { newTaskDefaults, type TaskColumns } from '@/lib/server/tasks/draft';
import { claimLines } from '@/lib/server/core/csv-import/import-record';
import type { ReadyTask } from './lines';
import { takenReferences } from './references';

export interface BatchOutcome {
  imported: number;
  /** Lines whose external reference a task created since the import began (another import, say) now carries. */
  taken: ReadyTask[];
  /** Lines a run of the same import going on at the same time wrote first. */
  alreadyImported: number;
}

/** Every row of one statement must set the same columns: those a new task's form sets, in one order. */
function taskRow(columns: ReadyTask['columns']): Pick<TaskColumns, keyof typeof newTaskDefaults | 'typeId' | 'durationMins'> {
  return { ...newTaskDefaults, durationMins: 60, ...columns };
}

/**
 * Writes one batch of checked lines in one transaction, all or nothing: the lines as landed for the import, the
 * tasks with consecutive reference numbers, their custom field values, then through the change set, as any new
 * task: their first timeline rows, their task_created entries, the tenant's notification rules (a dated task plans
 * its BEFORE_APPOINTMENT message as POST tasks does) and one live event per task (published together). A failure
 * anywhere rolls the whole batch back, its landed lines with it, so a re-import writes exactly the lines that are
 * missing.
 */
export async function writeBatch(ctx: Ctx, importId: string, batch: readonly ReadyTask[]): Promise<BatchOutcome> {
  return ctx.db.transaction(async (tx) => {
    // Held until commit: reference numbers stay consecutive, and a concurrent import cannot take an external
    // reference between the check below and the insert.
    await lockReferenceCounter(tx, ctx.tenantId);
    const references = batch.flatMap((task) => (task.externalReference ? [task.externalReference] : []));
    const takenNow = await takenReferences(tx, ctx, references);
    const isTaken = (task: ReadyTask) => task.externalReference !== null && takenNow.has(task.externalReference);
    const taken = batch.filter(isTaken);
    const untaken = batch.filter((task) => !isTaken(task));
    const claimed = await claimLines(tx, ctx, importId, untaken.map((task) => task.line));
    const fresh = untaken.filter((task) => claimed.has(task.line));
    const alreadyImported = untaken.length - fresh.length;
    if (fresh.length === 0) return { imported: 0, taken, alreadyImported };

    const first = await allocateReferenceNumbers(tx, ctx.tenantId, fresh.length);
    const inserted = await queryRows<{ id: number; referenceNumber: number; statusId: number }>(
      tx,
      sql`${insertStatement(
        tasks,
        fresh.map((task, index) => ({ ...taskRow(task.columns), tenantId: ctx.tenantId, referenceNumber: first + index })),
      )} returning id, reference_number as "referenceNumber", status_id as "statusId"`,
    );
    const idByNumber = new Map(inserted.map((row) => [row.referenceNumber, row.id]));
    const idOf = (index: number) => idByNumber.get(first + index) ?? 0;

    const values = fresh.flatMap((task, index) =>
      task.values
        .filter((value) => !isEmptyValue(value.fieldValue))
        .map((value) => ({ tenantId: ctx.tenantId, taskId: idOf(index), customFieldId: value.customFieldId, fieldValue: value.fieldValue })),
    );
    if (values.length > 0) await insertColumns(tx, customFieldValues, values);

    const changes = taskChangeSet(tx, ctx);
    changes.created([...inserted].sort((a, b) => a.referenceNumber - b.referenceNumber));
    await changes.flush();
    return { imported: fresh.length, taken, alreadyImported };
  });
}
