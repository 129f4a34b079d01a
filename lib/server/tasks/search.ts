import 'server-only';
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { taskFiles, taskNotes } from '@/db/schema';
import type { Ctx } from '@/lib/server/core/ctx';
import { containsPattern } from '@/lib/server/core/contains-pattern';
import { idArray } from './view';

/** POST tasks/notes: the given tasks (of the caller's tenant) with a note containing the text, any case. */
export async function searchNotes(ctx: Ctx, textSearch: string, taskIds: readonly number[]): Promise<number[]> {
  if (taskIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ taskId: taskNotes.taskId })
    .from(taskNotes)
    .where(
      and(
        eq(taskNotes.tenantId, ctx.tenantId),
        sql`${taskNotes.taskId} = any(${idArray(taskIds)})`,
        isNull(taskNotes.deleted),
        ilike(taskNotes.note, containsPattern(textSearch)),
      ),
    )
    .orderBy(taskNotes.taskId);
  return rows.map((row) => row.taskId);
}

/** POST tasks/files/search: the given tasks with an attachment whose description contains the text, any case. */
export async function searchFileDescriptions(
  ctx: Ctx,
  textSearch: string,
  taskIds: readonly number[],
): Promise<number[]> {
  if (taskIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ taskId: taskFiles.taskId })
    .from(taskFiles)
    .where(
      and(
        eq(taskFiles.tenantId, ctx.tenantId),
        sql`${taskFiles.taskId} = any(${idArray(taskIds)})`,
        isNull(taskFiles.deleted),
        ilike(taskFiles.description, containsPattern(textSearch)),
      ),
    )
    .orderBy(taskFiles.taskId);
  return rows.map((row) => row.taskId);
}
