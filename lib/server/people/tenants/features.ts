import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { features, tenantFeatures } from '@/db/schema';
import { featureMessages, type FeatureView } from '@/lib/contract/features';
import type { TenantFeatureView } from '@/lib/contract/reference-data';
import type { Ctx } from '@/lib/server/core/ctx';
import { conflict, notFound } from '@/lib/server/core/errors';
import { listTenantFeatures } from '@/lib/server/reference/data/tenant-features';

/** GET features: the catalogue, ids 1 to 7, whatever the tenant has on. */
export async function listFeatures(ctx: Ctx): Promise<FeatureView[]> {
  return ctx.db.select({ id: features.id, name: features.name }).from(features).orderBy(asc(features.id));
}

async function assertFeatureExists(ctx: Ctx, featureId: number): Promise<void> {
  const [feature] = await ctx.db.select({ id: features.id }).from(features).where(eq(features.id, featureId));
  if (!feature) throw notFound('feature.notFound', featureMessages.notFound);
}

/**
 * POST tenant_feature/{id}: switches the feature on and answers the tenant's features. The primary key decides a
 * race: of two simultaneous switches one inserts and the other gets the 409.
 */
export async function enableFeature(ctx: Ctx, featureId: number): Promise<TenantFeatureView[]> {
  await assertFeatureExists(ctx, featureId);
  const inserted = await ctx.db
    .insert(tenantFeatures)
    .values({ tenantId: ctx.tenantId, featureId })
    .onConflictDoNothing()
    .returning({ featureId: tenantFeatures.featureId });
  if (inserted.length === 0) throw conflict('feature.alreadyOn', featureMessages.alreadyOn);
  return listTenantFeatures(ctx);
}

/**
 * DELETE tenant_feature/{id}: switches the feature off and answers the tenant's features. The data the feature
 * uses (zones, skills, templates…) stays, hidden, for the day it is switched on again.
 */
export async function disableFeature(ctx: Ctx, featureId: number): Promise<TenantFeatureView[]> {
  await assertFeatureExists(ctx, featureId);
  const deleted = await ctx.db
    .delete(tenantFeatures)
    .where(and(eq(tenantFeatures.tenantId, ctx.tenantId), eq(tenantFeatures.featureId, featureId)))
    .returning({ featureId: tenantFeatures.featureId });
  if (deleted.length === 0) throw conflict('feature.alreadyOff', featureMessages.alreadyOff);
  return listTenantFeatures(ctx);
}
