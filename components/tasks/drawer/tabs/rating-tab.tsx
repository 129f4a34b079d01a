'use client';

import { Star, StarHalf } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { ratingMax, ratingStars, ratingValue } from '@/lib/client/task-history/rating';
import type { TaskTabProps } from './tab-props';

/** Rating tab (spec 01 §2, shown only when the task has a rating): the client's stars and their comment. */
export function RatingTab({ task }: TaskTabProps) {
  const t = useTranslations('taskRating');
  if (task.rating === null) return null;
  const value = ratingValue(task.rating);
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex flex-col gap-1">
        <span className="font-medium text-slate-700">{t('rating')}</span>
        <div className="flex items-center gap-2">
          <span role="img" aria-label={t('stars', { rating: value, max: ratingMax })} className="flex text-amber-400">
            {ratingStars(task.rating).map((fill, index) =>
              fill === 'half' ? (
                <span key={index} className="relative inline-flex">
                  <Star size={22} aria-hidden className="text-slate-300" />
                  <StarHalf size={22} aria-hidden fill="currentColor" className="absolute inset-0" />
                </span>
              ) : (
                <Star
                  key={index}
                  size={22}
                  aria-hidden
                  fill={fill === 'full' ? 'currentColor' : 'none'}
                  className={fill === 'full' ? undefined : 'text-slate-300'}
                />
              ),
            )}
          </span>
          <span aria-hidden className="text-slate-700">
            {t('outOf', { rating: value, max: ratingMax })}
          </span>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <span className="font-medium text-slate-700">{t('comment')}</span>
        {task.feedbackComment ? (
          <p className="whitespace-pre-wrap wrap-anywhere text-slate-900">{task.feedbackComment}</p>
        ) : (
          <p className="text-slate-500">{t('noComment')}</p>
        )}
      </div>
    </div>
  );
}
