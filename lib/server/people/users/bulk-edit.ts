import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import { userMessages, type BulkEditUsersBody } from '@/lib/contract/user-admin';
import type { UserListItem } from '@/lib/contract/users';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { assertFeatureFields, assertMayChange, dropZonesOfNonAssignees, endSessions, replaceSkills, replaceZones } from './admin-rules';
import { selectUserListItems } from './list';
import { assertLiveTemplate } from './working-template';

/**
 * PUT users/update-multi-user?admin=true (the Actions menu's "edit multiple users"): every given field on every
 * listed user, all or nothing. An id that is not a live user of the tenant undoes the whole change and answers 404
 * without saying which. Skills and zones replace the users' own; zones reach the assignees among them only.
 */
export async function bulkEditUsers(ctx: Ctx, body: BulkEditUsersBody): Promise<UserListItem[]> {
  assertFeatureFields(ctx, body);
  const { userIds } = body;
  return ctx.db.transaction(async (tx) => {
    const targets = await tx
      .select({ id: users.id, owner: users.owner, active: users.active })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, userIds), isNull(users.deleted)))
      .for('update');
    if (targets.length !== userIds.length) throw notFound('user.someNotFound', userMessages.usersNotFound);
    for (const target of targets) assertMayChange(ctx, target, { active: body.active });
    if (body.workingHoursTemplateId) await assertLiveTemplate(tx, ctx, body.workingHoursTemplateId);

    const columns = {
      active: body.active,
      tasksManager: body.tasksManager,
      usersManager: body.usersManager,
      billingManager: body.billingManager,
      assignee: body.assignee,
      preferredLanguage: body.preferredLanguage,
      workingHoursTemplateId: body.workingHoursTemplateId,
    };
    if (Object.values(columns).some((value) => value !== undefined)) {
      // drizzle leaves undefined values out of the SET list: only the given fields change.
      await tx
        .update(users)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, userIds)));
    }
    if (body.skills !== undefined) await replaceSkills(tx, ctx.tenantId, userIds, body.skills);
    if (body.zones !== undefined) {
      const assignees = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, userIds), eq(users.assignee, true)));
      await replaceZones(tx, ctx.tenantId, assignees.map((row) => row.id), body.zones);
    }
    await dropZonesOfNonAssignees(tx, ctx.tenantId, userIds);
    if (body.active === false) await endSessions(tx, targets.filter((target) => target.active).map((target) => target.id));
    return selectUserListItems(tx, ctx.tenantId, [inArray(users.id, userIds)]);
  });
}
