import { z } from 'zod';
import type { ErrorCodeName } from './error-catalogue';
import { coded, rule } from './problems';
import { requiredName } from './reference-data';

export const invalidEmailMessage = 'Invalid email address provided';

/** An optional text: blank or null is the same as absent, so stored documents carry no empty keys. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || undefined)
    .optional();

/** A coordinate out of range names its own code, so the form and the import say which bound it broke. */
const optionalCoordinate = (limit: number, code: ErrorCodeName, message: string) =>
  z
    .number(message)
    .min(-limit, coded(code, message))
    .max(limit, coded(code, message))
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || z.email().safeParse(value).success, rule('client.invalidEmail', invalidEmailMessage))
  .nullish()
  .transform((value) => value || undefined)
  .optional();

export const ContactDetails = z.object({
  name: optionalText(100),
  surname: optionalText(100),
  phoneCountryCode: optionalText(8),
  phone: optionalText(30),
});

export const TaskLocation = z.object({
  address: optionalText(500),
  latitude: optionalCoordinate(90, 'client.latitudeRange', 'Latitude must be between -90 and 90'),
  longitude: optionalCoordinate(180, 'client.longitudeRange', 'Longitude must be between -180 and 180'),
});

export const BillingContact = ContactDetails.extend({
  email: optionalEmail,
  address: optionalText(500),
});

/** POST and PUT clients. `disabled` left out keeps the stored flag. */
export const ClientBody = z.object({
  displayName: requiredName('Display name is required'),
  defaultContact: ContactDetails.nullish().transform((value) => value ?? {}),
  defaultTaskLocation: TaskLocation.nullish().transform((value) => value ?? {}),
  billingContact: BillingContact.nullish().transform((value) => value ?? {}),
  disabled: z.boolean().optional(),
});
export type ClientBody = z.infer<typeof ClientBody>;

export interface ClientView {
  id: number;
  displayName: string;
  defaultContact: z.infer<typeof ContactDetails>;
  defaultTaskLocation: z.infer<typeof TaskLocation>;
  billingContact: z.infer<typeof BillingContact>;
  disabled: boolean;
  deleted: Date | null;
}
