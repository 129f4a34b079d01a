import { z } from 'zod';
import { coded } from './problems';
import { requiredName } from './reference-data';
import type { Role } from './roles';

/** The roles a key can act with: the manager roles (a worker's calls are for people in the field, not machines). */
export const apiKeyRoles = ['owner', 'tasksManager', 'usersManager', 'billingManager'] as const satisfies readonly Role[];
export type ApiKeyRole = (typeof apiKeyRoles)[number];

/** Without a choice a key reads and writes tasks, the common use of a machine client (00-decisions). */
export const defaultApiKeyRoles: readonly ApiKeyRole[] = ['tasksManager'];

/**
 * Every key starts with this, so a key pasted in a log or a chat is recognisable (and secret scanners can match it).
 * The random part is 32 bytes from a CSPRNG in base64url.
 */
export const apiKeyMarker = 'fok_';
/** How many characters of the key (marker included) are kept in clear, to tell keys apart in the masked list. */
export const apiKeyPrefixLength = apiKeyMarker.length + 8;
/** What stands for the secret part of a key in lists. */
export const apiKeyMask = '••••••••';

export const apiKeyMessages = {
  nameRequired: 'Name is required',
  invalidExpiry: 'Expiry must be a date (YYYY-MM-DD)',
  expiryInPast: 'Expiry cannot be in the past',
  rolesRequired: 'Choose at least one role',
  invalidRole: 'Unknown role',
  roleNotHeld: 'A key can only be given roles you hold',
  conflict: 'An API key with this name already exists.',
} as const;

/**
 * POST key and PUT key/{id}. `expiry` is the last day (in the tenant's time zone) on which the key works; null or
 * absent: it never expires. `roles` absent: tasksManager for a new key, unchanged for an existing one.
 */
export const ApiKeyBody = z.object({
  nameApiKey: requiredName(apiKeyMessages.nameRequired),
  expiry: z.iso.date({ message: apiKeyMessages.invalidExpiry }).nullable().optional(),
  roles: z
    .array(z.enum(apiKeyRoles, { message: apiKeyMessages.invalidRole }), { message: apiKeyMessages.rolesRequired })
    .min(1, coded('apiKey.rolesRequired', apiKeyMessages.rolesRequired))
    .optional(),
});
export type ApiKeyBody = z.infer<typeof ApiKeyBody>;

/** A key as lists show it: never the key itself, which is not stored (only its hash and its first characters). */
export interface ApiKeyView {
  id: number;
  nameApiKey: string;
  /** The first characters of the key, e.g. 'fok_3fZk9QaB'. */
  keyPrefix: string;
  /** The prefix followed by the mask: what the list shows. */
  maskedKey: string;
  /** The last day the key works, 'YYYY-MM-DD' in the tenant's zone; null: no expiry. */
  expiry: string | null;
  /** The instant the key stops working (the end of the expiry day in the tenant's zone), ISO. */
  expiresAt: string | null;
  expired: boolean;
  roles: ApiKeyRole[];
  lastUsed: string | null;
  created: string;
}

/** POST key answers the key once, in `apiKey`; no other call ever does. */
export interface CreatedApiKeyView extends ApiKeyView {
  apiKey: string;
}

/** The masked form of a key from its prefix. */
export const maskedApiKey = (prefix: string) => `${prefix}${apiKeyMask}`;
