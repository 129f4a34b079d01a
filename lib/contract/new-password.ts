import { z } from 'zod';
import { lengthChecked, passwordLengthMessage } from './auth';
import { rule } from './problems';

/** The spec's texts for choosing a password (03 §5): the API answers these, the forms show their translations. */
export const newPasswordMessages = {
  required: 'New password is required',
  length: passwordLengthMessage,
  confirmRequired: 'Please confirm the new password',
  differ: 'Passwords do not match',
} as const;

export const newPasswordField = lengthChecked(
  z.string({ error: newPasswordMessages.required }).min(1, newPasswordMessages.required),
  newPasswordMessages.length,
);

export const confirmPasswordField = z.string({ error: newPasswordMessages.confirmRequired }).min(1, newPasswordMessages.confirmRequired);

/** A body that carries the new password twice: the confirmation must repeat it. */
export function confirmationMatches<T extends { newPassword: string; confirmPassword: string }>(schema: z.ZodType<T>) {
  return schema.refine((body) => body.newPassword === body.confirmPassword, {
    ...rule('password.mismatch', newPasswordMessages.differ),
    path: ['confirmPassword'],
  });
}

export type NewPasswordProblem = 'length' | 'confirmRequired' | 'differ';

/**
 * What the new-password fields show while the user types: the length once a new password is typed, and, once the
 * confirmation was touched, that it is missing or differs. `ready` when the pair can be sent.
 */
export function newPasswordProblems(input: { newPassword: string; confirmPassword: string; confirmTouched: boolean }): {
  newPassword?: NewPasswordProblem;
  confirmPassword?: NewPasswordProblem;
  ready: boolean;
} {
  const { newPassword, confirmPassword, confirmTouched } = input;
  const badLength = newPassword !== '' && !newPasswordField.safeParse(newPassword).success;
  const confirm = !confirmTouched ? undefined : confirmPassword === '' ? 'confirmRequired' : confirmPassword !== newPassword ? 'differ' : undefined;
  return {
    newPassword: badLength ? 'length' : undefined,
    confirmPassword: confirm,
    ready: newPassword !== '' && newPassword === confirmPassword && !badLength,
  };
}
