import { notFound } from 'next/navigation';
import { ZonesList } from '@/components/zones/zones-list';
import { mapBoundsOf } from '@/lib/client/zones/outline';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { env } from '@/lib/server/core/env';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { tenantMapBounds } from '@/lib/server/screens/zones-map';

/** Settings → zones (owner, users and billing managers, feature 1): the zones table and its drawer with the map. */
export default async function ZonesSettingsPage() {
  await menuPageOrRedirect('settings', 'zones');
  const ctx = await currentPageCtx();
  if (!ctx) notFound();
  return <ZonesList mapStyleUrl={env.mapStyleUrl ?? null} startBounds={mapBoundsOf(await tenantMapBounds(ctx))} />;
}
