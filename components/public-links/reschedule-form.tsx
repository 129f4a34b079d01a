'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { preferredTimeIsPast } from '@/lib/contract/public-links';

type State = 'editing' | 'sending' | 'sent' | 'failed' | 'tooMany' | 'past';

/**
 * Asks the office for another appointment time; the office gets a task note and an e-mail. A time already gone by
 * on the company's clock is refused here, before anything is sent, and again by the server.
 */
export function RescheduleForm({ token, companyTimeZone }: { token: string; companyTimeZone: string }) {
  const t = useTranslations('publicPages');
  const [preferredTime, setPreferredTime] = useState('');
  const [message, setMessage] = useState('');
  const [state, setState] = useState<State>('editing');
  const past = preferredTime !== '' && preferredTimeIsPast(preferredTime, companyTimeZone);
  const errorId = 'preferred-time-error';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (preferredTime === '' || preferredTimeIsPast(preferredTime, companyTimeZone)) return;
    setState('sending');
    try {
      const response = await fetch('/api/web/tasks/tracking/reschedule', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, preferredTime, message }),
      });
      if (response.ok) setState('sent');
      else if (response.status === 429) setState('tooMany');
      // The page's clock and the server's can disagree by a minute near "now": the server's 400 says the same thing.
      else if (response.status === 400) setState('past');
      else setState('failed');
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') return <p role="status" className="text-sm text-green-700">{t('rescheduleSent')}</p>;
  const showPast = past || state === 'past';
  return (
    <form onSubmit={submit} aria-label={t('rescheduleTitle')} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h2 className="font-medium">{t('rescheduleTitle')}</h2>
      <label className="flex flex-col gap-1 text-sm">
        {t('preferredTime')}
        <input
          type="datetime-local"
          required
          value={preferredTime}
          aria-invalid={showPast}
          aria-describedby={showPast ? errorId : undefined}
          onChange={(event) => {
            setPreferredTime(event.target.value);
            if (state !== 'sending') setState('editing');
          }}
          className={`rounded border p-2 ${showPast ? 'border-red-500' : 'border-slate-300'}`}
        />
      </label>
      {showPast ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t('preferredTimePast')}
        </p>
      ) : null}
      <label className="flex flex-col gap-1 text-sm">
        {t('rescheduleMessage')}
        <textarea
          value={message}
          maxLength={1000}
          rows={3}
          onChange={(event) => setMessage(event.target.value)}
          className="rounded border border-slate-300 p-2"
        />
      </label>
      {state === 'failed' || state === 'tooMany' ? (
        <p role="alert" className="text-sm text-red-700">
          {state === 'tooMany' ? t('rescheduleTooMany') : t('feedbackFailed')}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={state === 'sending' || showPast}
        className="self-start rounded bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
      >
        {t('rescheduleSend')}
      </button>
    </form>
  );
}
