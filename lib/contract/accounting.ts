import { z } from 'zod';
import { ClientBody } from './clients';
import { BodyId } from './ids';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';
import { codedParse, problemOfIssue, rule } from '@/lib/contract/problems';

/** Spec 03 §9: the two ways a tenant connects to the accounting provider. */
export const connectionMethods = ['WEB_APP', 'CUSTOM'] as const;
export type ConnectionMethod = (typeof connectionMethods)[number];

/**
 * Spec 03 §4: identity, e-mail, profile, offline access (a refresh token), accounting transactions and read of
 * accounting contacts.
 */
export const xeroScopes = ['openid', 'email', 'profile', 'offline_access', 'accounting.transactions', 'accounting.contacts.read'];

/** Where the provider sends the browser back after the web-app authorisation (spec 03 §2.2). */
export const accountingCallbackPath = '/app/main/callback';

export const fillTheFieldsMessage = 'please fill the fields';

const requiredText = z
  .string({ error: fillTheFieldsMessage })
  .trim()
  .min(1, fillTheFieldsMessage)
  .max(500, 'Must be at most 500 characters')
  // The id and secret are URI-encoded into the Basic header; a lone surrogate there threw URIError, a 500.
  .refine((text) => text.isWellFormed(), rule('accounting.invalidText', 'Must be valid text'));

/** POST xero (test) and POST xero/save-credentials with the drawer's fields. */
export const AccountingCredentialsBody = z.object({
  connectionMethod: z.enum(connectionMethods).default('WEB_APP'),
  clientId: requiredText,
  clientSecret: requiredText,
});
export type AccountingCredentialsBody = z.infer<typeof AccountingCredentialsBody>;

/** POST xero/save-credentials from /app/main/callback: the provider's code, exchanged on the server. */
export const AccountingAuthorisationBody = z.object({
  code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(200),
});
export type AccountingAuthorisationBody = z.infer<typeof AccountingAuthorisationBody>;

/** Either shape, told apart by `code`, so a refusal names the fields of the shape that was meant. */
export const SaveCredentialsBody = z
  .unknown()
  .transform((value, context): AccountingAuthorisationBody | AccountingCredentialsBody => {
    const fromCallback = typeof value === 'object' && value !== null && 'code' in value;
    const result = (fromCallback ? AccountingAuthorisationBody : AccountingCredentialsBody).safeParse(value, codedParse);
    if (result.success) return result.data;
    // Each issue keeps its code: a custom issue carries it, as a refinement's does.
    for (const issue of result.error.issues) {
      const { code, message, params } = problemOfIssue(issue);
      context.addIssue({ code: 'custom', path: issue.path, ...rule(code, message, params) });
    }
    return z.NEVER;
  });
export type SaveCredentialsBody = z.output<typeof SaveCredentialsBody>;

/** GET xero/get-credentials: whether credentials exist and which; the secret never leaves the server. */
export interface AccountingCredentialsView {
  saved: boolean;
  connectionMethod: ConnectionMethod | null;
  clientId: string | null;
  /** A web app has been authorised at the provider (it holds a token); a custom connection needs no authorisation. */
  authorised: boolean;
}

/**
 * POST xero: a custom connection answers whether the provider accepted the credentials; a web app, whose
 * credentials only the provider's own page can check, is saved and answers where to send the browser.
 */
export type AccountingTestAnswer = { valid: boolean } | { authorizationUrl: string };

/** A contact whose client already exists: what the override would write over the client. */
export interface DuplicatedContact {
  contactId: string;
  clientId: number;
  name: string;
  email: string | null;
  client: ClientBody;
}

/** GET xero: the contacts saved as new clients, and those that would overwrite an existing one. */
export interface AccountingImportAnswer {
  duplicatedContacts: DuplicatedContact[];
  savedContacts: number;
}

/**
 * PUT xero/override-duplicated-clients takes up to 10,000 whole clients in one body, past the 1 MB every other JSON
 * call is held to: 16 MB leaves about 1.6 KB a client, more than a Xero contact's name, contacts and addresses fill.
 */
export const overrideDuplicatesBodyBytes = 16 * 1024 * 1024;

/** PUT xero/override-duplicated-clients: the duplicates the user chose, at least one. */
export const OverrideDuplicatesBody = z
  .array(
    z.object({
      contactId: z.string().trim().min(1).max(100),
      clientId: BodyId,
      client: ClientBody,
    }),
  )
  .min(1, 'Select at least one client')
  .max(10_000);
export type OverrideDuplicatesBody = z.infer<typeof OverrideDuplicatesBody>;

export interface OverrideDuplicatesAnswer {
  updatedClients: number;
}

/** Refusal codes of the accounting calls; the client picks the spec's message by code. */
export const AccountingErrorCode = {
  /** The provider refused the client id and secret. */
  invalidCredentials: 'accounting.invalidCredentials',
  /** The credentials work, but the organisation cannot be read (its subscription is inactive). */
  subscriptionInactive: 'accounting.subscriptionInactive',
  /** No credentials saved, or a web app not (or no longer) authorised: the credentials drawer opens. */
  notConnected: 'accounting.notConnected',
  /** The authorisation's state is unknown, used or expired. */
  invalidState: 'accounting.invalidState',
  /** The provider did not answer in time or answered something unusable. */
  unavailable: 'accounting.unavailable',
  /** The stored secret cannot be decrypted with the configured ENCRYPTION_KEY. */
  keyMismatch: 'accounting.encryptionKeyMismatch',
} as const satisfies Record<string, ErrorCodeName>;
