import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { tenants, type TenantSettings } from '@/db/schema';
import type { TenantSettingsView, UpdateTenantSettingsBody } from '@/lib/contract/tenant-settings';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

/** The settings a screen may read; the jsonb also holds what sign-up asked (industry, size), which stays inside. */
function viewOf(timeZone: string, settings: TenantSettings): TenantSettingsView {
  return {
    timeZone,
    defaultMapBounds: settings.defaultMapBounds ?? null,
    officeLocation: settings.officeLocation ?? null,
  };
}

/** GET settings: the caller's tenant settings. */
export async function getTenantSettings(ctx: Pick<Ctx, 'db' | 'tenantId'>): Promise<TenantSettingsView> {
  const [row] = await ctx.db
    .select({ timeZone: tenants.timeZone, settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  if (!row) throw notFound('tenantSettings.notFound', 'Tenant not found.');
  return viewOf(row.timeZone, row.settings);
}

/**
 * PUT settings: a field given with a value replaces the stored one, a field given as null removes it, a field left
 * out stays. One UPDATE merges inside the jsonb, so two owners saving different fields at once both keep theirs.
 */
export async function updateTenantSettings(ctx: Ctx, body: UpdateTenantSettingsBody): Promise<TenantSettingsView> {
  const patch: TenantSettings = {};
  const removed: string[] = [];
  if (body.defaultMapBounds === null) removed.push('defaultMapBounds');
  else if (body.defaultMapBounds) patch.defaultMapBounds = body.defaultMapBounds;
  if (body.officeLocation === null) removed.push('officeLocation');
  else if (body.officeLocation) patch.officeLocation = body.officeLocation;

  const kept = removed.reduce((settings, key) => sql`(${settings} - ${key}::text)`, sql`${tenants.settings}`);
  const [row] = await ctx.db
    .update(tenants)
    .set({
      settings: sql`${kept} || ${JSON.stringify(patch)}::jsonb`,
      updated: new Date(),
    })
    .where(eq(tenants.id, ctx.tenantId))
    .returning({ timeZone: tenants.timeZone, settings: tenants.settings });
  if (!row) throw notFound('tenantSettings.notFound', 'Tenant not found.');
  return viewOf(row.timeZone, row.settings);
}
