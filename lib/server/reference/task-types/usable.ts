import 'server-only';
import { and, eq } from 'drizzle-orm';
import { taskTypes } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import { businessRule, fieldProblem, invalidField } from '@/lib/server/core/errors';

const deletedMessage = 'This task type has been deleted.';

/**
 * The type a task may be given, for the task calls: a live type, or the deleted type the task already has
 * (`keptTypeId`), so editing an old task does not force a new type on it. Field errors name `typeId`.
 */
export async function usableTaskType(db: DbOrTx, tenantId: number, typeId: number, keptTypeId?: number | null) {
  const [type] = await db
    .select({ id: taskTypes.id, name: taskTypes.name, durationMins: taskTypes.durationMins, deleted: taskTypes.deleted })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, tenantId), eq(taskTypes.id, typeId)));
  if (!type) throw invalidField('typeId', 'taskTypes.notFound', 'Task type not found.');
  if (type.deleted && type.id !== keptTypeId) {
    throw businessRule('taskTypes.deleted', deletedMessage, fieldProblem('typeId', 'taskTypes.deleted', deletedMessage));
  }
  return { id: type.id, name: type.name, durationMins: type.durationMins };
}
