import { z } from 'zod';

export const passwordLength = { min: 8, max: 30 } as const;

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
  password: z
    .string()
    .min(passwordLength.min, 'Password must be between 8 and 30 characters')
    .max(passwordLength.max, 'Password must be between 8 and 30 characters'),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const PreferencesBody = z
  .object({
    preferredLanguage: z.enum(['en', 'it', 'es', 'fr']).optional(),
    preferredTimeFormat: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type PreferencesBody = z.infer<typeof PreferencesBody>;
