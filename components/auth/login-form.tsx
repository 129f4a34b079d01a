'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';

export interface DemoAccount {
  username: string;
  role: 'owner' | 'dispatcher' | 'people' | 'billing' | 'worker' | 'other';
}

export function LoginForm({ demoAccounts, demoPassword }: { demoAccounts: DemoAccount[]; demoPassword: string }) {
  const t = useTranslations('login');
  const router = useRouter();
  const errorText = useErrorText();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const filled = username.trim() !== '' && password !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!filled || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await api('login', { method: 'POST', json: { username, password, rememberMe }, quietStatuses: [401, 429] });
      router.replace('/app/main');
      router.refresh();
    } catch (failure) {
      // 401 auth.invalidCredentials, 429 request.rateLimited: in the user's language by their codes.
      if (failure instanceof ApiError && failure.status === 401) {
        setError(errorText(failure));
        setPassword('');
        passwordRef.current?.focus();
      } else if (failure instanceof ApiError && failure.status === 429) {
        setError(errorText(failure));
      }
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1 className="mb-4 text-lg font-semibold">{t('title')}</h1>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label={t('username')}>
          <TextInput name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </Field>
        <Field label={t('password')}>
          <TextInput
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          {t('rememberMe')}
        </label>
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={!filled || submitting}>
          {t('submit')}
        </Button>
        <div className="flex justify-between text-sm">
          <Link href="/app/forgot-password" className="text-brand hover:underline">
            {t('forgotPassword')}
          </Link>
          <Link href="/app/sign-up" className="text-brand hover:underline">
            {t('signUp')}
          </Link>
        </div>
      </form>
      {demoAccounts.length > 0 ? (
        <section aria-label={t('demoTitle')} className="mt-6 border-t border-slate-200 pt-4">
          <h2 className="mb-1 text-sm font-semibold">{t('demoTitle')}</h2>
          <p className="mb-2 text-xs text-slate-500">{t('demoPassword', { password: demoPassword })}</p>
          <ul className="grid gap-1 text-sm">
            {demoAccounts.map((account) => (
              <li key={account.username} className="flex items-center justify-between gap-2">
                <span>
                  <span className="font-mono text-xs">{account.username}</span>{' '}
                  <span className="text-xs text-slate-500">({t(`demoRoles.${account.role}`)})</span>
                </span>
                <button
                  type="button"
                  className="text-xs text-brand hover:underline"
                  onClick={() => {
                    setUsername(account.username);
                    setPassword(demoPassword);
                  }}
                >
                  {t('demoUse')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
