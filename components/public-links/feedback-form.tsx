'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { defaultRating } from '@/lib/contract/public-links';
import { FeedbackReceived } from './feedback-received';
import { StarRating } from './star-rating';

type State = 'editing' | 'sending' | 'sent' | 'failed';

/** Spec 03 §2.1 /app/f: a rating (2.5 to start), a comment, Send Feedback; then thanks with what was given, or the failure. */
export function FeedbackForm({ token }: { token: string }) {
  const t = useTranslations('publicPages');
  const [rating, setRating] = useState(defaultRating);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<State>('editing');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    try {
      const response = await fetch('/api/web/tasks/feedback', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, rating, feedbackComment: comment }),
      });
      setState(response.ok ? 'sent' : 'failed');
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') return <FeedbackReceived rating={rating} comment={comment.trim() || null} />;
  if (state === 'failed') return <p role="alert" className="text-center text-red-700">{t('feedbackFailed')}</p>;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{t('feedbackTitle')}</h1>
      <StarRating
        value={rating}
        onChange={setRating}
        label={t('ratingLabel')}
        valueText={t('ratingValue', { rating })}
      />
      <label className="flex flex-col gap-1 text-sm">
        {t('commentLabel')}
        <textarea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={1000}
          rows={4}
          className="rounded border border-slate-300 p-2"
        />
      </label>
      <button
        type="submit"
        disabled={state === 'sending'}
        className="rounded bg-brand px-4 py-2 font-medium text-white disabled:opacity-60"
      >
        {t('sendFeedback')}
      </button>
    </form>
  );
}
