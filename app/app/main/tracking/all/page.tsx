import { redirect } from 'next/navigation';
import { TrackingScreen } from '@/components/tracking/tracking-screen';
import { mapBoundsOf } from '@/lib/client/zones/outline';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { env } from '@/lib/server/core/env';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { tenantMapBounds } from '@/lib/server/screens/zones-map';

/** Tracking → all (tasks managers): the live map of the workers' last positions. */
export default async function TrackingPage() {
  await menuPageOrRedirect('tracking', 'all');
  const ctx = await currentPageCtx();
  if (!ctx) redirect('/app/login');
  return <TrackingScreen mapStyleUrl={env.mapStyleUrl ?? null} tenantBox={mapBoundsOf(await tenantMapBounds(ctx))} />;
}
