'use client';

import { useTranslations } from 'next-intl';
import { StarRating } from './star-rating';

/** What a client sees once their feedback is in, right after sending it or on reopening the link: thanks, and what they gave. */
export function FeedbackReceived({ rating, comment }: { rating: number; comment: string | null }) {
  const t = useTranslations('publicPages');
  return (
    <section className="flex flex-col gap-4" aria-labelledby="feedback-received-title">
      <h1 id="feedback-received-title" className="text-lg font-semibold">
        {t('feedbackReceivedTitle')}
      </h1>
      <p role="status" className="text-green-700">
        {t('feedbackThanks')}
      </p>
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('yourRating')}</span>
        <StarRating value={rating} label={t('ratingLabel')} valueText={t('ratingValue', { rating })} />
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('yourComment')}</span>
        <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{comment ?? t('noComment')}</p>
      </div>
    </section>
  );
}
