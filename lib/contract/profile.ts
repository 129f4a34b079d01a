import { z } from 'zod';
import { languages } from './languages';
import { confirmPasswordField, confirmationMatches, newPasswordField, newPasswordMessages } from './new-password';
import { dialCodes, isKnownTimeZone } from './reference/time-zones';

export * from './profile-picture';

export const profileMessages = {
  passwordLength: newPasswordMessages.length,
  passwordsDiffer: newPasswordMessages.differ,
  oldPasswordRequired: 'Old password is required',
  newPasswordRequired: newPasswordMessages.required,
  confirmRequired: newPasswordMessages.confirmRequired,
  invalidPassword: 'invalid password provided',
  timezoneRequired: 'Timezone required',
  timezoneUnknown: 'Unknown time zone',
  nameRequired: 'Name is required',
  surnameRequired: 'Surname is required',
  dialCodeUnknown: 'Unknown phone country code',
  phoneInvalid: 'Invalid phone number',
  pictureType: 'The picture must be a PNG, JPEG or WebP image.',
  pictureSize: 'The picture must be smaller than 2 MB.',
} as const;

/** PUT users/password-change (spec 03 §3, §5). */
export const PasswordChangeBody = confirmationMatches(
  z.object({
    oldPassword: z
      .string({ error: profileMessages.oldPasswordRequired })
      .min(1, profileMessages.oldPasswordRequired)
      // better-auth refuses longer inputs outright; past any real password, so it reads as a wrong one.
      .max(128, profileMessages.invalidPassword),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  }),
);
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/** GET/PUT users/timezone: an IANA name from the reference list. */
export const TimezoneBody = z.object({
  timezone: z
    .string({ error: profileMessages.timezoneRequired })
    .trim()
    .min(1, profileMessages.timezoneRequired)
    .refine((name) => name === '' || isKnownTimeZone(name), profileMessages.timezoneUnknown),
});
export type TimezoneBody = z.infer<typeof TimezoneBody>;

export interface TimezoneView {
  timezone: string;
}

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** PUT users/me: what the profile screen edits about the signed-in user. */
export const ProfileBody = z.object({
  name: z.string({ error: profileMessages.nameRequired }).trim().min(1, profileMessages.nameRequired).max(200),
  surname: z.string({ error: profileMessages.surnameRequired }).trim().min(1, profileMessages.surnameRequired).max(200),
  phoneCountryCode: optionalText(8).refine((code) => code === null || dialCodes.has(code), profileMessages.dialCodeUnknown),
  phone: optionalText(30, profileMessages.phoneInvalid).refine(
    (phone) => phone === null || /^[0-9 ()./-]+$/.test(phone),
    profileMessages.phoneInvalid,
  ),
  preferredLanguage: z.enum(languages),
});
export type ProfileBody = z.output<typeof ProfileBody>;
export type ProfileInput = z.input<typeof ProfileBody>;
