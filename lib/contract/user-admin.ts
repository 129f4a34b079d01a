import { z } from 'zod';
import { languages, type Language } from './languages';
import { coded, rule } from './problems';
import { dialCodes } from './reference/time-zones';
import { requiredName } from './reference-data';

/** The users screen's rules as the API words them (spec 03 §5, §8); the form translates them by their codes. */
export const userMessages = {
  usernameRequired: 'Username is required.',
  usernameInvalid: 'Invalid email address provided.',
  usernameReadOnly: 'The username cannot be changed.',
  nameRequired: 'Name is required.',
  surnameRequired: 'Surname is required.',
  phoneInvalid: 'Use digits, spaces and - ( ) . only.',
  phoneCountryCodeInvalid: 'Choose a phone country code from the list.',
  languageInvalid: 'Choose one of the offered languages.',
  zonesOnlyForAssignees: 'Only an assignee can have zones.',
  unknownSkill: 'Unknown skill.',
  unknownZone: 'Unknown zone.',
  alreadyExists: 'could not save, already exists',
  userNotFound: 'User not found.',
  usersNotFound: 'One or more users were not found.',
  ownerOnly: 'Only an owner may grant or remove the owner role, or change an owner.',
  notYourself: 'You cannot deactivate or delete yourself.',
  nothingToChange: 'Choose at least one change.',
} as const;

/** An id in a JSON body: a number already, never a numeric string. */
const bodyId = z.int().positive().max(2_147_483_647);

export const phoneMaxLength = 30;
export const usernameMaxLength = 254;

const username = z
  .string({ error: userMessages.usernameRequired })
  .trim()
  .min(1, userMessages.usernameRequired)
  .max(usernameMaxLength, `Must be at most ${usernameMaxLength} characters`)
  .pipe(z.email(userMessages.usernameInvalid))
  // Sign-in lower-cases what is typed, so the stored username is lower case too.
  .transform((value) => value.toLowerCase());

/** Empty text and null both mean "none", stored as null. */
const optional = <T extends z.ZodType<string | null>>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

const phone = optional(
  z
    .string()
    .trim()
    .max(phoneMaxLength, `Must be at most ${phoneMaxLength} characters`)
    .regex(/^[0-9 ()+\-.]*$/, coded('user.phoneInvalid', userMessages.phoneInvalid)),
);

const phoneCountryCode = optional(
  z.string().refine((code) => dialCodes.has(code), rule('user.phoneCountryCodeInvalid', userMessages.phoneCountryCodeInvalid)),
);

const preferredLanguage = z
  .enum(languages, userMessages.languageInvalid)
  .nullish()
  .transform((value): Language => value ?? 'en');

const skillLinks = z.array(z.object({ skillId: bodyId })).max(500);
/** The spec's zone link also carries userId; the user is the one in the path, so only zoneId is read. */
const zoneLinks = z.array(z.object({ zoneId: bodyId })).max(500);

/**
 * What the user form edits. Roles are the spec's booleans; skills (feature 4), zones (feature 1) and the template
 * (feature 2) may be left out, which leaves them as they are, and are refused with tenant.featureDisabled when sent while
 * their feature is off.
 */
const userFields = {
  name: requiredName(userMessages.nameRequired),
  surname: requiredName(userMessages.surnameRequired),
  phoneCountryCode,
  phone,
  preferredLanguage,
  owner: z.boolean().default(false),
  tasksManager: z.boolean().default(false),
  usersManager: z.boolean().default(false),
  billingManager: z.boolean().default(false),
  assignee: z.boolean().default(false),
  active: z.boolean().default(true),
  skills: skillLinks.optional(),
  zones: zoneLinks.optional(),
  workingHoursTemplateId: bodyId.nullable().optional(),
};

/** Zones belong to assignees only (spec 03 §4: unchecking assignee forces zone to none). */
const zonesNeedAssignee = (body: { assignee: boolean; zones?: unknown[] }, ctx: z.RefinementCtx) => {
  if (!body.assignee && (body.zones?.length ?? 0) > 0) {
    ctx.addIssue({ code: 'custom', path: ['zones'], ...rule('user.zonesOnlyForAssignees', userMessages.zonesOnlyForAssignees) });
  }
};

/** POST users. */
export const CreateUserBody = z.object({ username, ...userFields }).superRefine(zonesNeedAssignee);
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/**
 * PUT users/{id}?admin=true: the whole form. The username may be sent back as it is (the form shows it read-only)
 * but never changed.
 */
export const AdminUpdateUserBody = z
  .object({ username: z.string().trim().toLowerCase().optional(), ...userFields })
  .superRefine(zonesNeedAssignee);
export type AdminUpdateUserBody = z.infer<typeof AdminUpdateUserBody>;

/** `?admin=true` picks the full user update (api-contract: "query admin flag for admin-level update"). */
export const AdminQuery = z.object({ admin: z.literal('true', 'Use admin=true.') });

/** Users per bulk edit: a page of the list times a few, far below anything that strains one transaction. */
export const maxUsersPerBulkEdit = 1000;

/**
 * PUT users/update-multi-user?admin=true: the Actions menu's "edit multiple users". Every field given is set on
 * every listed user; skills and zones replace theirs (zones reach only the assignees among them). The owner role is
 * not offered here: it is granted one person at a time.
 */
export const BulkEditUsersBody = z
  .object({
    userIds: z
      .array(bodyId, userMessages.usersNotFound)
      .min(1, 'Select at least one user.')
      .max(maxUsersPerBulkEdit)
      .transform((ids) => [...new Set(ids)]),
    active: z.boolean().optional(),
    tasksManager: z.boolean().optional(),
    usersManager: z.boolean().optional(),
    billingManager: z.boolean().optional(),
    assignee: z.boolean().optional(),
    preferredLanguage: z.enum(languages, userMessages.languageInvalid).optional(),
    skills: skillLinks.optional(),
    zones: zoneLinks.optional(),
    workingHoursTemplateId: bodyId.nullable().optional(),
  })
  .refine((body) => Object.entries(body).some(([key, value]) => key !== 'userIds' && value !== undefined), {
    ...rule('user.nothingToChange', userMessages.nothingToChange),
    path: ['_'],
  });
export type BulkEditUsersBody = z.infer<typeof BulkEditUsersBody>;

/** GET users/{id} and the answer of POST and PUT: the user as the form edits it, without credentials. */
export interface UserView {
  id: number;
  username: string;
  name: string;
  surname: string;
  phone: string | null;
  phoneCountryCode: string | null;
  profilePictureId: number | null;
  owner: boolean;
  tasksManager: boolean;
  usersManager: boolean;
  billingManager: boolean;
  assignee: boolean;
  active: boolean;
  preferredLanguage: string | null;
  preferredTimeFormat: boolean;
  workingHoursTemplateId: number | null;
  firstLogin: boolean;
  skills: { skillId: number }[];
  zones: { zoneId: number; userId: number }[];
}

/** What the users screen offers to choose from, read with the page: a users manager has no calls for zones or templates. */
export interface UserFormChoices {
  /** The signed-in users manager: they cannot deactivate or delete themself. */
  callerId: number;
  /** Only an owner may grant the owner role or change an owner. */
  callerIsOwner: boolean;
  /** null: the feature is off, and the field and its column are hidden. */
  skills: { id: number; name: string }[] | null;
  zones: { id: number; name: string }[] | null;
  templates: { id: number; name: string }[] | null;
}
