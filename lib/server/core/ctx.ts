import { and, eq, isNull, sql } from 'drizzle-orm';
import { tenantFeatures, tenants, users } from '@/db/schema';
import type { FeatureId } from '@/lib/contract/features';
import { rolesOf, type Role } from '@/lib/contract/roles';
import type { Db } from '@/lib/server/core/db';
import { featureDisabled } from './errors';

export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  surname: string;
  preferredLanguage: string | null;
  preferredTimeFormat: boolean;
  preferredTaskColumns: string | null;
  timeZone: string | null;
  firstLogin: boolean;
  profilePictureId: number | null;
}

/** Who is calling and for which tenant: every server function that touches tenant data takes this first. */
export interface Ctx {
  db: Db;
  requestId: string;
  tenantId: number;
  tenantTimeZone: string;
  user: CurrentUser;
  roles: Role[];
  features: FeatureId[];
  via: 'session' | 'apiKey';
}

/**
 * Refuses with 403 FEATURE_DISABLED when the tenant has the feature off. route() uses it for whole calls; domain
 * code uses it where only part of a call is gated (a time slot on a task, say).
 */
export function assertFeature(ctx: Pick<Ctx, 'features'>, feature: FeatureId): void {
  if (!ctx.features.includes(feature)) throw featureDisabled();
}

type UserRow = typeof users.$inferSelect;

/** What every caller query reads: the user, the tenant's time zone and its features, in one round trip. */
export const callerColumns = {
  user: users,
  tenantTimeZone: tenants.timeZone,
  featureIds: sql<number[]>`array(select ${tenantFeatures.featureId} from ${tenantFeatures} where ${tenantFeatures.tenantId} = ${users.tenantId})`,
};

/** The user can act: not deleted and active (a join condition of every caller query). */
export const userCanAct = and(isNull(users.deleted), eq(users.active, true));

/** ctx without its per-request parts, from a row of callerColumns. */
export function callerFromRow(
  row: { user: UserRow; tenantTimeZone: string; featureIds: number[] },
  via: Ctx['via'],
  rolesOverride?: Role[],
): Omit<Ctx, 'db' | 'requestId'> {
  const { user } = row;
  return {
    tenantId: user.tenantId,
    tenantTimeZone: row.tenantTimeZone,
    user: {
      id: user.id,
      username: user.username,
      name: user.name,
      surname: user.surname,
      preferredLanguage: user.preferredLanguage,
      preferredTimeFormat: user.preferredTimeFormat,
      preferredTaskColumns: user.preferredTaskColumns,
      timeZone: user.timeZone,
      firstLogin: user.firstLogin,
      profilePictureId: user.profilePictureId,
    },
    roles: rolesOverride ?? rolesOf(user),
    features: row.featureIds.map((id) => Number(id) as FeatureId),
    via,
  };
}

function prepareUserCaller(db: Db) {
  return db
    .select(callerColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.id, sql.placeholder('userId')), userCanAct))
    .prepare('caller_by_user');
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareUserCaller>>();

/** Builds ctx for an active, non-deleted user; null when the user cannot act (deleted, deactivated, unknown). */
export async function loadCtx(
  db: Db,
  userId: number,
  requestId: string,
  via: Ctx['via'],
  rolesOverride?: Role[],
): Promise<Ctx | null> {
  // One round trip, a named prepared statement: every API call by API key pays for this before its own work.
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareUserCaller(db);
    preparedByDb.set(db, prepared);
  }
  const [row] = await prepared.execute({ userId });
  if (!row) return null;
  return { db, requestId, ...callerFromRow(row, via, rolesOverride) };
}
