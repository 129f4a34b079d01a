import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';
import { FeedbackForm } from '@/components/public-links/feedback-form';
import { FeedbackReceived } from '@/components/public-links/feedback-received';
import type { FeedbackLinkView } from '@/lib/contract/public-links';
import { HttpError } from '@/lib/server/core/errors';
import { feedbackLink } from '@/lib/server/messaging/links/public';

export const dynamic = 'force-dynamic';

export default async function FeedbackPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations('publicPages');
  const link = await feedbackLink(token).catch((error: unknown): FeedbackLinkView | null => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  return (
    <PublicFrame>
      {link === null ? (
        <p role="alert" className="text-center text-red-700">
          {t('feedbackFailed')}
        </p>
      ) : link.given ? (
        <FeedbackReceived rating={link.rating} comment={link.feedbackComment} />
      ) : (
        <FeedbackForm token={token} />
      )}
    </PublicFrame>
  );
}
