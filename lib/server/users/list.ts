import 'server-only';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { users, workingHoursTemplates } from '@/db/schema';
import { rolesOf } from '@/lib/contract/roles';
import type { UserListItem, UsersQuery } from '@/lib/contract/users';
import type { DbOrTx } from '@/lib/server/db/client';
import type { Ctx } from '@/lib/server/http/ctx';

/**
 * GET users: the tenant's non-deleted users by name, with the template each follows. `assignee` and `active` narrow
 * the list; the working-template screen asks for active assignees only (spec 02 §5 "Worker lists").
 */
export async function listUsers(ctx: Ctx, query: UsersQuery): Promise<UserListItem[]> {
  const conditions: SQL[] = [];
  if (query.assignee !== undefined) conditions.push(eq(users.assignee, query.assignee));
  if (query.active !== undefined) conditions.push(eq(users.active, query.active));
  return selectUserListItems(ctx.db, ctx.tenantId, conditions);
}

/** The list rows of the tenant's non-deleted users that also meet `conditions`, by name. */
export async function selectUserListItems(db: DbOrTx, tenantId: number, conditions: SQL[]): Promise<UserListItem[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      surname: users.surname,
      preferredLanguage: users.preferredLanguage,
      phone: users.phone,
      owner: users.owner,
      tasksManager: users.tasksManager,
      usersManager: users.usersManager,
      billingManager: users.billingManager,
      assignee: users.assignee,
      active: users.active,
      profilePictureId: users.profilePictureId,
      workingHoursTemplateId: users.workingHoursTemplateId,
      workingHoursTemplateName: workingHoursTemplates.name,
    })
    .from(users)
    .leftJoin(
      workingHoursTemplates,
      and(eq(workingHoursTemplates.tenantId, users.tenantId), eq(workingHoursTemplates.id, users.workingHoursTemplateId)),
    )
    .where(and(eq(users.tenantId, tenantId), isNull(users.deleted), ...conditions))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return rows.map(({ owner, tasksManager, usersManager, billingManager, assignee, ...user }) => ({
    ...user,
    roles: rolesOf({ owner, tasksManager, usersManager, billingManager, assignee }),
  }));
}
