'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { emptyNewPassword, NewPasswordFields } from '@/components/auth/new-password-fields';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { newPasswordProblems } from '@/lib/contract/new-password';

/**
 * Old, new and confirmation (spec 03 §5): Change is enabled only when the new password is non-empty and equals the
 * confirmation; the length is checked as the new password is typed, and the match again whenever the new password
 * changes after the confirmation was touched. A wrong old password (404) clears that field; too many (429) say so.
 */
export function PasswordChangeForm({ onChanged }: { onChanged?: () => void }) {
  const t = useTranslations('passwordChange');
  const tLogin = useTranslations('login');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState(emptyNewPassword);
  const [oldError, setOldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const problems = newPasswordProblems(password);
  const canChange = password.newPassword !== '' && password.newPassword === password.confirmPassword && !busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canChange) return;
    if (oldPassword === '') {
      setOldError(t('oldRequired'));
      return;
    }
    if (problems.newPassword) return;
    setBusy(true);
    try {
      await api('users/password-change', { method: 'PUT', json: { oldPassword, newPassword: password.newPassword, confirmPassword: password.confirmPassword }, quietStatuses: [400, 429] });
      toast.success(t('changed'));
      setOldPassword('');
      setPassword(emptyNewPassword);
      onChanged?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setOldPassword('');
        setOldError(t('invalid'));
        toast.error(t('invalid'));
      } else if (error instanceof ApiError && error.status === 400) {
        toast.error(t('length'));
      } else if (error instanceof ApiError && error.status === 429) {
        // Too many wrong old passwords: the same words the sign-in uses for its own limit.
        setOldError(tLogin('tooManyAttempts'));
        toast.error(tLogin('tooManyAttempts'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <Field label={t('old')} error={oldError ?? undefined}>
        <TextInput
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          invalid={Boolean(oldError)}
          onChange={(event) => {
            setOldPassword(event.target.value);
            setOldError(null);
          }}
        />
      </Field>
      <NewPasswordFields
        value={password}
        onChange={setPassword}
        labels={{ newPassword: t('new'), confirmPassword: t('confirm') }}
        messages={{ length: t('length'), confirmRequired: t('confirmRequired'), differ: t('mismatch') }}
      />
      <div>
        <Button type="submit" disabled={!canChange}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
