import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sessions, skills, users, userSkills, userZones, zones } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { userMessages } from '@/lib/contract/user-admin';
import type { DbOrTx, Tx } from '@/lib/server/core/db';
import { assertFeature, type Ctx } from '@/lib/server/core/ctx';
import { liveLinkIds } from '@/lib/server/reference/data/links';
import { businessRule, conflict, HttpError } from '@/lib/server/core/errors';

/** The parts of a user body that belong to a feature: present while the feature is off, the call is refused. */
export function assertFeatureFields(
  ctx: Ctx,
  body: { skills?: unknown; zones?: unknown; workingHoursTemplateId?: unknown },
): void {
  if (body.skills !== undefined) assertFeature(ctx, Feature.skills);
  if (body.zones !== undefined) assertFeature(ctx, Feature.zones);
  if (body.workingHoursTemplateId !== undefined) assertFeature(ctx, Feature.workingHours);
}

/**
 * Who may change whom: only an owner may grant or remove the owner role, or change an owner at all (else a users
 * manager could lock the owner out); nobody may deactivate or delete themself, which would end their own session
 * mid-screen and could leave the company without a users manager.
 */
export function assertMayChange(
  ctx: Ctx,
  target: { id: number; owner: boolean },
  next: { owner?: boolean; active?: boolean; deleting?: boolean },
): void {
  const callerIsOwner = ctx.roles.includes('owner');
  if (!callerIsOwner && (target.owner || next.owner === true)) throw new HttpError(403, 'user.ownerOnly', userMessages.ownerOnly);
  if (target.id === ctx.user.id && (next.active === false || next.deleting)) {
    throw businessRule('user.notYourself', userMessages.notYourself);
  }
}

const usernameTaken = () => conflict('user.usernameTaken', userMessages.alreadyExists);

/**
 * Usernames are unique across companies (they sign in without naming one), compared without case. This sees the
 * caller's company only; another company's user is found by the unique index, see usernameClash.
 */
export async function assertUsernameFree(db: DbOrTx, username: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (existing) throw usernameTaken();
}

/** The insert's failure as the refusal to give: the username index's violation (a user of another company) is user.usernameTaken. */
export function usernameClash(error: unknown): unknown {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'users_username_unique') return usernameTaken();
  }
  return error;
}

/** Replaces the skills of every listed user with the given live skills of the tenant. */
export async function replaceSkills(tx: Tx, tenantId: number, userIds: number[], links: { skillId: number }[]): Promise<void> {
  const ids = await liveLinkIds(tx, tenantId, skills, links.map((link) => link.skillId), (index) => `skills.${index}.skillId`, {
    code: 'user.unknownSkill',
    message: userMessages.unknownSkill,
  });
  if (userIds.length === 0) return;
  await tx.delete(userSkills).where(and(eq(userSkills.tenantId, tenantId), inArray(userSkills.userId, userIds)));
  const rows = userIds.flatMap((userId) => ids.map((skillId) => ({ tenantId, userId, skillId })));
  if (rows.length > 0) await tx.insert(userSkills).values(rows);
}

/** Replaces the zones of every listed user; the caller passes assignees only (none: the ids are still checked). */
export async function replaceZones(tx: Tx, tenantId: number, userIds: number[], links: { zoneId: number }[]): Promise<void> {
  const ids = await liveLinkIds(tx, tenantId, zones, links.map((link) => link.zoneId), (index) => `zones.${index}.zoneId`, {
    code: 'user.unknownZone',
    message: userMessages.unknownZone,
  });
  if (userIds.length === 0) return;
  await tx.delete(userZones).where(and(eq(userZones.tenantId, tenantId), inArray(userZones.userId, userIds)));
  const rows = userIds.flatMap((userId) => ids.map((zoneId) => ({ tenantId, userId, zoneId })));
  if (rows.length > 0) await tx.insert(userZones).values(rows);
}

/** Zones belong to assignees: whoever of these users is not one (any more) has none (spec 03 §4). */
export async function dropZonesOfNonAssignees(tx: Tx, tenantId: number, userIds: number[]): Promise<void> {
  await tx
    .delete(userZones)
    .where(
      and(
        eq(userZones.tenantId, tenantId),
        inArray(userZones.userId, userIds),
        sql`not exists (select 1 from ${users} where ${users.id} = ${userZones.userId} and ${users.assignee})`,
      ),
    );
}

/** Signs the users out everywhere: their sessions go, so their next call answers 401. */
export async function endSessions(tx: Tx, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await tx.delete(sessions).where(inArray(sessions.userId, userIds));
}
