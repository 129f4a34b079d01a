import { z } from 'zod';
import { languages } from './languages';
import { confirmPasswordField, confirmationMatches, newPasswordField, newPasswordMessages } from './new-password';
import { coded, rule } from './problems';
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
      .max(128, coded('password.wrongCurrent', profileMessages.invalidPassword)),
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
    .refine((name) => name === '' || isKnownTimeZone(name), rule('profile.timezoneUnknown', profileMessages.timezoneUnknown)),
});
export type TimezoneBody = z.infer<typeof TimezoneBody>;

export interface TimezoneView {
  timezone: string;
}

/** Text that may be left empty (stored as null), at most `max` characters (`tooLong`: the code and text past it). */
const optionalText = (max: number, tooLong?: ReturnType<typeof coded>) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const phoneMaxLength = 30;

/** PUT users/me: what the profile screen edits about the signed-in user. */
export const ProfileBody = z.object({
  name: z.string({ error: profileMessages.nameRequired }).trim().min(1, profileMessages.nameRequired).max(200),
  surname: z.string({ error: profileMessages.surnameRequired }).trim().min(1, profileMessages.surnameRequired).max(200),
  phoneCountryCode: optionalText(8).refine(
    (code) => code === null || dialCodes.has(code),
    rule('profile.dialCodeUnknown', profileMessages.dialCodeUnknown),
  ),
  // One rule for the form and the length: a phone too long reads as invalid, as the spec words it.
  // A phone too long reads as invalid, as the spec words it.
  phone: optionalText(phoneMaxLength, coded('profile.phoneInvalid', profileMessages.phoneInvalid)).refine(
    (phone) => phone === null || /^[0-9 ()./-]+$/.test(phone),
    rule('profile.phoneInvalid', profileMessages.phoneInvalid),
  ),
  preferredLanguage: z.enum(languages),
});
export type ProfileBody = z.output<typeof ProfileBody>;
export type ProfileInput = z.input<typeof ProfileBody>;
