import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';
import { FeedbackForm } from '@/components/public-links/feedback-form';
import { feedbackLinkIsOpen } from '@/lib/server/task-links/public';

export const dynamic = 'force-dynamic';

export default async function FeedbackPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations('publicPages');
  return (
    <PublicFrame>
      {(await feedbackLinkIsOpen(token)) ? (
        <FeedbackForm token={token} />
      ) : (
        <p role="alert" className="text-center text-red-700">
          {t('feedbackFailed')}
        </p>
      )}
    </PublicFrame>
  );
}
