import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users, workingHoursTemplates } from '@/db/schema';
import { assignmentMessages, type UpdateMultiUserBody, type UpdateUserBody, type UserListItem } from '@/lib/contract/users';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, fieldProblem, notFound } from '@/lib/server/core/errors';
import { selectUserListItems } from './list';

/**
 * The live templates a users manager may give (id and name), by name. The screen reads them here because GET
 * working-hours belongs to the template screen and answers tasks managers only.
 */
export async function templateChoices(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  return ctx.db
    .select({ id: workingHoursTemplates.id, name: workingHoursTemplates.name })
    .from(workingHoursTemplates)
    .where(and(eq(workingHoursTemplates.tenantId, ctx.tenantId), isNull(workingHoursTemplates.deleted)))
    .orderBy(sql`lower(${workingHoursTemplates.name})`, asc(workingHoursTemplates.id));
}

/** Who can be given a template: the workers the working-hours lists show (spec 02 §5 "Worker lists"). */
const assignableWorker = (tenantId: number) =>
  and(eq(users.tenantId, tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted));

/**
 * The template must be one of the tenant's (404 otherwise, like a missing id) and not deleted (422). The row is
 * share-locked so a delete running at the same moment waits for this assignment instead of slipping past it.
 */
export async function assertLiveTemplate(tx: Tx, ctx: Ctx, templateId: number): Promise<void> {
  const [template] = await tx
    .select({ deleted: workingHoursTemplates.deleted })
    .from(workingHoursTemplates)
    .where(and(eq(workingHoursTemplates.tenantId, ctx.tenantId), eq(workingHoursTemplates.id, templateId)))
    .for('share');
  if (!template) throw notFound('user.templateNotFound', assignmentMessages.templateNotFound);
  if (template.deleted) {
    throw businessRule(
      'user.templateDeleted',
      assignmentMessages.templateDeleted,
      fieldProblem('workingHoursTemplateId', 'user.templateDeleted', assignmentMessages.templateDeleted),
    );
  }
}

/** PUT users/{id}: sets (or, with null, clears) one worker's working-hours template; answers the worker's row. */
export async function assignWorkingTemplate(ctx: Ctx, userId: number, body: UpdateUserBody): Promise<UserListItem> {
  return ctx.db.transaction(async (tx) => {
    if (body.workingHoursTemplateId !== null) await assertLiveTemplate(tx, ctx, body.workingHoursTemplateId);
    const [row] = await tx
      .update(users)
      .set({ workingHoursTemplateId: body.workingHoursTemplateId, updatedAt: new Date() })
      .where(and(assignableWorker(ctx.tenantId), eq(users.id, userId)))
      .returning({ id: users.id });
    if (!row) throw notFound('user.notFound', assignmentMessages.userNotFound);
    const [item] = await selectUserListItems(tx, ctx.tenantId, [eq(users.id, userId)]);
    return item;
  });
}

/**
 * PUT users/update-multi-user: one template for every listed worker, all or nothing. Any id that is not an active
 * worker of the tenant undoes the whole change and answers 404 without saying which, so ids of other tenants
 * cannot be told apart from missing ones.
 */
export async function assignWorkingTemplateToMany(ctx: Ctx, body: UpdateMultiUserBody): Promise<UserListItem[]> {
  return ctx.db.transaction(async (tx) => {
    await assertLiveTemplate(tx, ctx, body.workingHoursTemplateId);
    const updated = await tx
      .update(users)
      .set({ workingHoursTemplateId: body.workingHoursTemplateId, updatedAt: new Date() })
      .where(and(assignableWorker(ctx.tenantId), inArray(users.id, body.userIds)))
      .returning({ id: users.id });
    if (updated.length !== body.userIds.length) throw notFound('user.someNotFound', assignmentMessages.usersNotFound);
    return selectUserListItems(tx, ctx.tenantId, [inArray(users.id, body.userIds)]);
  });
}
