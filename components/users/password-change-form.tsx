'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { ApiError, api } from '@/lib/client/api';
import { passwordLength } from '@/lib/contract/auth';

/**
 * Old, new and confirmation (spec 03 §5): Change is enabled only when the new password is non-empty and equals the
 * confirmation; the length is checked as the new password is typed, and the match again whenever the new password
 * changes after the confirmation was touched. A wrong old password (404) clears that field.
 */
export function PasswordChangeForm({ onChanged }: { onChanged?: () => void }) {
  const t = useTranslations('passwordChange');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [oldError, setOldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lengthError =
    newPassword !== '' && (newPassword.length < passwordLength.min || newPassword.length > passwordLength.max)
      ? t('length')
      : undefined;
  const confirmError =
    confirmTouched && confirmPassword === '' ? t('confirmRequired') : confirmTouched && confirmPassword !== newPassword ? t('mismatch') : undefined;
  const canChange = newPassword !== '' && newPassword === confirmPassword && !busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canChange) return;
    if (oldPassword === '') {
      setOldError(t('oldRequired'));
      return;
    }
    if (lengthError) return;
    setBusy(true);
    try {
      await api('users/password-change', { method: 'PUT', json: { oldPassword, newPassword, confirmPassword }, quietStatuses: [400] });
      toast.success(t('changed'));
      setOldPassword('');
      setNewPassword('');
      setConfirmPassword('');
      setConfirmTouched(false);
      onChanged?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setOldPassword('');
        setOldError(t('invalid'));
        toast.error(t('invalid'));
      } else if (error instanceof ApiError && error.status === 400) {
        toast.error(t('length'));
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
      <Field label={t('new')} error={lengthError}>
        <TextInput
          type="password"
          autoComplete="new-password"
          value={newPassword}
          invalid={Boolean(lengthError)}
          onChange={(event) => setNewPassword(event.target.value)}
        />
      </Field>
      <Field label={t('confirm')} error={confirmError}>
        <TextInput
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          invalid={Boolean(confirmError)}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setConfirmTouched(true);
          }}
          onBlur={() => setConfirmTouched(true)}
        />
      </Field>
      <div>
        <Button type="submit" disabled={!canChange}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
