import { notFound } from 'next/navigation';
import { PublicFrame } from '@/components/auth/public-frame';
import { TrackingView } from '@/components/public-links/tracking-view';
import { trackingRefreshMs } from '@/lib/contract/public-links';
import { env } from '@/lib/server/core/env';
import { HttpError } from '@/lib/server/core/errors';
import { trackingPage } from '@/lib/server/messaging/links/tracking';

export const dynamic = 'force-dynamic';

/** Tests pass a shorter ?refresh= (ms) to see the next poll without waiting 30 s; it is never below one second. */
function refreshInterval(raw: string | string[] | undefined): number {
  const value = typeof raw === 'string' ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(value) ? Math.max(1000, Math.min(trackingRefreshMs, value)) : trackingRefreshMs;
}

export default async function TrackingPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const initial = await trackingPage(token).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  // An unknown, expired or completed task's link answers 404 with the failure panel (./not-found.tsx).
  if (!initial) notFound();
  return (
    <PublicFrame>
      <TrackingView
        token={token}
        initial={initial.view}
        companyTimeZone={initial.companyTimeZone}
        refreshMs={refreshInterval(query.refresh)}
        mapStyleUrl={env.mapStyleUrl ?? null}
      />
    </PublicFrame>
  );
}
