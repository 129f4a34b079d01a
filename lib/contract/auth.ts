import { z } from 'zod';
import { coded, rule } from './problems';

export const passwordLength = { min: 8, max: 30 } as const;

/** The spec's words for a password outside passwordLength (03 §5). */
export const passwordLengthMessage = 'Password must be between 8 and 30 characters';

/**
 * A chosen password's length as one rule (password.length with min and max), so a form shows the spec's one sentence
 * whichever end is missed.
 */
export const lengthChecked = (password: z.ZodString, message: string = passwordLengthMessage) =>
  password
    .min(passwordLength.min, coded('password.length', message, { ...passwordLength }))
    .max(passwordLength.max, coded('password.length', message, { ...passwordLength }));

export const LoginBody = z.object({
  username: z.string().trim().min(1),
  password: z.string().min(1),
  rememberMe: z.boolean().default(true),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const companySizes = ['small', 'medium', 'large'] as const;
export const industries = ['technology'] as const;

const required = (message: string) => z.string().trim().min(1, message);

export const SignupBody = z.object({
  name: required('name is required'),
  surname: required('surname is required'),
  company: required('company is required'),
  industry: z.enum(industries),
  companySize: z.enum(companySizes),
  email: z.email('Invalid email address provided').transform((email) => email.toLowerCase()),
  password: lengthChecked(z.string()),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const PreferencesBody = z
  .object({
    preferredLanguage: z.enum(['en', 'it', 'es', 'fr']).optional(),
    preferredTimeFormat: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, rule('profile.nothingToChange', 'Nothing to change'));
export type PreferencesBody = z.infer<typeof PreferencesBody>;
