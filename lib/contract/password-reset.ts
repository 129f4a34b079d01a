import { z } from 'zod';
import { lengthChecked } from './auth';

/** The spec's texts (03 §5, §8); the pages show their translations, the API answers these. */
export const passwordResetMessages = {
  emailRequired: 'Email address is required.',
  emailInvalid: 'Invalid email address provided.',
  unknownUsername: 'Username does not exist',
  passwordLength: 'Password must be between 8 and 30 characters',
  passwordsDiffer: 'Passwords do not match',
  linkInvalid: 'This link is no longer valid.',
} as const;

/** The text POST forgot-password answers when the mail was queued (spec 03 §7). */
export const emailSentAnswer = 'EMAIL_SENT';

/** The forgot-password page's e-mail field and POST forgot-password's body: the username is the e-mail. */
export const forgotPasswordEmail = z
  .string({ error: passwordResetMessages.emailRequired })
  .trim()
  .min(1, passwordResetMessages.emailRequired)
  .pipe(z.email(passwordResetMessages.emailInvalid))
  .transform((email) => email.toLowerCase());

export const ForgotPasswordBody = z.object({ username: forgotPasswordEmail });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** Any string: one that is not a live token answers 404 like an expired one, the link-expired page's cue. */
const resetToken = z.string().max(200).default('');

export const ResetTokenQuery = z.object({ token: resetToken });
export type ResetTokenQuery = z.infer<typeof ResetTokenQuery>;

export const ResetTokenLookup = z.object({ username: z.string() });
export type ResetTokenLookup = z.infer<typeof ResetTokenLookup>;

const newPassword = lengthChecked(z.string({ error: passwordResetMessages.passwordLength }), passwordResetMessages.passwordLength);

/** PUT forgot-password (spec 03 §3). */
export const ResetPasswordBody = z.object({
  username: z.string().trim().toLowerCase(),
  token: resetToken,
  newPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
