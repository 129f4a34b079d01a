import 'server-only';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { skills, users, userSkills, userZones, workingHoursTemplates, zones } from '@/db/schema';
import { sortedByName } from '@/lib/contract/person-name';
import { rolesOf } from '@/lib/contract/roles';
import type { UserListItem, UsersQuery } from '@/lib/contract/users';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';

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

/** The user's live skills by name, as a JSON array in the row (one query for the whole list). */
const skillsOfUser = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${skills.id}, 'name', ${skills.name}) order by lower(${skills.name}), ${skills.id})
  from ${userSkills} join ${skills} on ${skills.tenantId} = ${userSkills.tenantId} and ${skills.id} = ${userSkills.skillId}
  where ${userSkills.tenantId} = ${users.tenantId} and ${userSkills.userId} = ${users.id} and ${skills.deleted} is null
), '[]'::json)`;

/** The user's live zones by name, with their colour. */
const zonesOfUser = sql<{ id: number; name: string; color: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${zones.id}, 'name', ${zones.name}, 'color', ${zones.color}) order by lower(${zones.name}), ${zones.id})
  from ${userZones} join ${zones} on ${zones.tenantId} = ${userZones.tenantId} and ${zones.id} = ${userZones.zoneId}
  where ${userZones.tenantId} = ${users.tenantId} and ${userZones.userId} = ${users.id} and ${zones.deleted} is null
), '[]'::json)`;

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
      phoneCountryCode: users.phoneCountryCode,
      owner: users.owner,
      tasksManager: users.tasksManager,
      usersManager: users.usersManager,
      billingManager: users.billingManager,
      assignee: users.assignee,
      active: users.active,
      profilePictureId: users.profilePictureId,
      workingHoursTemplateId: users.workingHoursTemplateId,
      workingHoursTemplateName: workingHoursTemplates.name,
      skills: skillsOfUser,
      zones: zonesOfUser,
    })
    .from(users)
    .leftJoin(
      workingHoursTemplates,
      and(eq(workingHoursTemplates.tenantId, users.tenantId), eq(workingHoursTemplates.id, users.workingHoursTemplateId)),
    )
    .where(and(eq(users.tenantId, tenantId), isNull(users.deleted), ...conditions));
  return sortedByName(rows).map(({ owner, tasksManager, usersManager, billingManager, assignee, ...user }) => ({
    ...user,
    roles: rolesOf({ owner, tasksManager, usersManager, billingManager, assignee }),
  }));
}
