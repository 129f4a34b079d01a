'use client';

import { Field, TextInput } from '@/components/ui/field';
import { newPasswordProblems, type NewPasswordProblem } from '@/lib/contract/new-password';

export interface NewPasswordValue {
  newPassword: string;
  confirmPassword: string;
  /** The confirmation was typed in or left: from then on its problems show. */
  confirmTouched: boolean;
}

export const emptyNewPassword: NewPasswordValue = { newPassword: '', confirmPassword: '', confirmTouched: false };

/**
 * The new password and its confirmation, as the password-change form and the reset link's page ask for them (spec
 * 03 §5): the length is checked as the new password is typed, the confirmation once touched, and again whenever the
 * new password changes. The caller keeps the value and decides with newPasswordProblems(value).ready.
 */
export function NewPasswordFields({
  value,
  onChange,
  labels,
  messages,
  autoFocus = false,
}: {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  labels: { newPassword: string; confirmPassword: string };
  messages: Record<NewPasswordProblem, string>;
  autoFocus?: boolean;
}) {
  const problems = newPasswordProblems(value);
  const newError = problems.newPassword ? messages[problems.newPassword] : undefined;
  const confirmError = problems.confirmPassword ? messages[problems.confirmPassword] : undefined;
  return (
    <>
      <Field label={labels.newPassword} error={newError}>
        <TextInput
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={value.newPassword}
          invalid={Boolean(newError)}
          onChange={(event) => onChange({ ...value, newPassword: event.target.value })}
          autoFocus={autoFocus}
        />
      </Field>
      <Field label={labels.confirmPassword} error={confirmError}>
        <TextInput
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={value.confirmPassword}
          invalid={Boolean(confirmError)}
          onChange={(event) => onChange({ ...value, confirmPassword: event.target.value, confirmTouched: true })}
          onBlur={() => onChange({ ...value, confirmTouched: true })}
        />
      </Field>
    </>
  );
}
