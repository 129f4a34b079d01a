import 'server-only';
import { eq } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import type { MapBounds } from '@/lib/contract/tenant-settings';
import type { Ctx } from '@/lib/server/core/ctx';

/** The tenant's default map view (settings → locale), where a new zone's map opens; null when none was chosen. */
export async function tenantMapBounds(ctx: Pick<Ctx, 'db' | 'tenantId'>): Promise<MapBounds | null> {
  const [row] = await ctx.db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  return row?.settings.defaultMapBounds ?? null;
}
