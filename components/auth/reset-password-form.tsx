'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { emptyNewPassword, NewPasswordFields } from '@/components/auth/new-password-fields';
import { Button } from '@/components/ui/button';
import { ApiError, api } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { problem } from '@/lib/contract/errors';
import { authKeys } from '@/lib/client/query-keys';
import { newPasswordProblems } from '@/lib/contract/new-password';
import { passwordResetMessages, type ResetTokenLookup } from '@/lib/contract/password-reset';

/**
 * The page behind the reset mail's link (spec 03 §2.1): nothing while the token is checked, then the new password
 * twice, or 'This link is no longer valid.' with the way back to login. After the reset the button stays disabled
 * and the login page opens with its notice.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const lookup = useQuery({
    queryKey: authKeys.resetToken(token),
    queryFn: () => api<ResetTokenLookup>(`forgot-password?token=${encodeURIComponent(token)}`, { quietStatuses: [400] }),
  });
  // The reset itself may find the link gone since it was checked.
  const [refused, setRefused] = useState(false);

  // No answer at all leaves the page as it is while checking: only the server's refusal says the link is invalid.
  if (refused || lookup.error instanceof ApiError) return <LinkInvalid />;
  if (!lookup.data) return null;
  return <NewPasswordForm token={token} username={lookup.data.username} onInvalid={() => setRefused(true)} />;
}

/** The lookup's or the reset's refusal: passwordReset.linkInvalid, whichever of the two found the link gone. */
function LinkInvalid() {
  const t = useTranslations('passwordReset.change');
  const errorText = useErrorText();
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <p role="alert" className="text-sm text-slate-700">
        {errorText(problem('passwordReset.linkInvalid', passwordResetMessages.linkInvalid))}
      </p>
      <Link href="/app/login" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark">
        {t('backToLogin')}
      </Link>
    </div>
  );
}

function NewPasswordForm({ token, username, onInvalid }: { token: string; username: string; onInvalid: () => void }) {
  const t = useTranslations('passwordReset.change');
  const tForgot = useTranslations('passwordReset.forgot');
  const router = useRouter();
  const [password, setPassword] = useState(emptyNewPassword);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const canChange = newPasswordProblems(password).ready && !busy && !done;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canChange) return;
    setBusy(true);
    setFailed(null);
    try {
      await api('forgot-password', { method: 'PUT', json: { username, token, newPassword: password.newPassword }, quietStatuses: [400, 429] });
      setDone(true);
      router.replace('/app/login?passwordReset=done');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) onInvalid();
      else if (error instanceof ApiError && error.status === 429) setFailed(tForgot('tooManyRequests'));
      else setFailed(t('failed'));
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
      <p className="mb-4 text-sm text-slate-600">{t('forUser', { username })}</p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <NewPasswordFields
          value={password}
          onChange={setPassword}
          labels={{ newPassword: t('newPassword'), confirmPassword: t('confirmPassword') }}
          messages={{ length: t('passwordLength'), confirmRequired: t('confirmRequired'), differ: t('passwordsDiffer') }}
          autoFocus
        />
        {done ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            {t('success')}
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {failed}
          </p>
        ) : null}
        <Button type="submit" disabled={!canChange}>
          {t('submit')}
        </Button>
      </form>
    </>
  );
}
