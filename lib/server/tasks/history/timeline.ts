import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { taskTimeline, users } from '@/db/schema';
import type { TimelineResponse } from '@/lib/contract/task-history';
import type { Ctx } from '@/lib/server/core/ctx';
import { readableTask } from '@/lib/server/tasks/notes/access';
import { userFullName } from '@/lib/server/people/users/read';

/** GET tasks/{id}/timeline: each status the task entered, who moved it and when, oldest first. */
export async function getTimeline(ctx: Ctx, taskId: number): Promise<TimelineResponse> {
  await readableTask(ctx.db, ctx, taskId);
  const rows = await ctx.db
    .select({ userId: taskTimeline.userId, userName: userFullName, statusId: taskTimeline.statusId, date: taskTimeline.created })
    .from(taskTimeline)
    .leftJoin(users, and(eq(users.tenantId, taskTimeline.tenantId), eq(users.id, taskTimeline.userId)))
    .where(and(eq(taskTimeline.tenantId, ctx.tenantId), eq(taskTimeline.taskId, taskId)))
    .orderBy(asc(taskTimeline.created), asc(taskTimeline.id));
  return { timelineItems: rows.map((row) => ({ ...row, date: row.date.toISOString() })) };
}
