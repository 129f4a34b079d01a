'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { emptyNewPassword, NewPasswordFields } from '@/components/auth/new-password-fields';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { newPasswordProblems } from '@/lib/contract/new-password';

/**
 * Old, new and confirmation (spec 03 §5): Change is enabled only when the new password is non-empty and equals the
 * confirmation; the length is checked as the new password is typed, and the match again whenever the new password
 * changes after the confirmation was touched. A wrong old password (404) clears that field; too many (429) say so.
 * The server's refusals show by their codes, in the user's language.
 */
export function PasswordChangeForm({ onChanged }: { onChanged?: () => void }) {
  const t = useTranslations('passwordChange');
  const errorText = useErrorText();
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
      if (!(error instanceof ApiError)) return;
      if (error.status === 404) {
        // A wrong old password (password.wrongCurrent).
        setOldPassword('');
        setOldError(errorText(error));
        toast.error(errorText(error));
      } else if (error.status === 400) {
        const refusal = error.fields?.oldPassword?.[0];
        if (refusal) setOldError(errorText(refusal));
        toast.error(errorText(refusal ?? Object.values(error.fields ?? {})[0]?.[0] ?? error));
      } else if (error.status === 429) {
        // Too many wrong old passwords: request.rateLimited, the words the sign-in uses for its own limit.
        setOldError(errorText(error));
        toast.error(errorText(error));
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
