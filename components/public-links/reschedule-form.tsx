'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';

type State = 'editing' | 'sending' | 'sent' | 'failed' | 'tooMany';

/** Asks the office for another appointment time; the office gets a task note and an e-mail. */
export function RescheduleForm({ token }: { token: string }) {
  const t = useTranslations('publicPages');
  const [preferredTime, setPreferredTime] = useState('');
  const [message, setMessage] = useState('');
  const [state, setState] = useState<State>('editing');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    try {
      const response = await fetch('/api/web/tasks/tracking/reschedule', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, preferredTime, message }),
      });
      setState(response.ok ? 'sent' : response.status === 429 ? 'tooMany' : 'failed');
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') return <p role="status" className="text-sm text-green-700">{t('rescheduleSent')}</p>;
  return (
    <form onSubmit={submit} aria-label={t('rescheduleTitle')} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h2 className="font-medium">{t('rescheduleTitle')}</h2>
      <label className="flex flex-col gap-1 text-sm">
        {t('preferredTime')}
        <input
          type="datetime-local"
          required
          value={preferredTime}
          onChange={(event) => setPreferredTime(event.target.value)}
          className="rounded border border-slate-300 p-2"
        />
      </label>
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
        disabled={state === 'sending'}
        className="self-start rounded bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-60"
      >
        {t('rescheduleSend')}
      </button>
    </form>
  );
}
