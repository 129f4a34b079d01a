import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { features, tenantFeatures } from '@/db/schema';
import type { TenantFeatureView } from '@/lib/contract/reference-data';
import type { Ctx } from '@/lib/server/core/ctx';

/** The features the tenant has switched on. */
export async function listTenantFeatures(ctx: Ctx): Promise<TenantFeatureView[]> {
  const rows = await ctx.db
    .select({ id: features.id, name: features.name })
    .from(tenantFeatures)
    .innerJoin(features, eq(features.id, tenantFeatures.featureId))
    .where(eq(tenantFeatures.tenantId, ctx.tenantId))
    .orderBy(asc(features.id));
  return rows.map((feature) => ({ id: feature.id, feature }));
}
