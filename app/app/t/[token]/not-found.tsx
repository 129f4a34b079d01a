import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';
import { TrackingFailure } from '@/components/public-links/tracking-view';

/** A tracking link that leads nowhere (unknown, expired, or its task completed): the same panel the polling shows. */
export default async function TrackingNotFound() {
  const t = await getTranslations('publicPages');
  return (
    <PublicFrame>
      <TrackingFailure title={t('notFoundTitle')} message={t('trackingFailed')} />
    </PublicFrame>
  );
}
