import 'server-only';
import { AccountingErrorCode } from '@/lib/contract/accounting';
import { SecretKeyMismatchError } from '@/lib/server/core/crypto/secret-box';
import { businessRule, HttpError } from '@/lib/server/core/errors';
import { XeroError } from '@/lib/server/integrations/xero/errors';
import { errorFields, log } from '@/lib/server/core/log';

export const notConnected = () =>
  businessRule(AccountingErrorCode.notConnected, 'The accounting provider is not connected: enter and authorise the credentials.');

export const subscriptionInactive = () =>
  businessRule(AccountingErrorCode.subscriptionInactive, 'Credentials are valid but subscription is inactive');

export const invalidCredentials = () =>
  businessRule(AccountingErrorCode.invalidCredentials, 'credentials are not valid');

export const invalidState = () =>
  businessRule(AccountingErrorCode.invalidState, 'The authorisation is unknown, already used or expired: test the credentials again.');

const unavailable = (message: string) => new HttpError(502, AccountingErrorCode.unavailable, message);

/** The one translation of an outside failure (or an unreadable stored secret) into the call's answer. */
export function accountingHttpError(error: unknown): unknown {
  if (error instanceof SecretKeyMismatchError) {
    log.error('accounting call failed', errorFields(error));
    return new HttpError(503, AccountingErrorCode.keyMismatch, error.message);
  }
  if (!(error instanceof XeroError)) return error;
  switch (error.failure) {
    case 'invalid-client':
      return invalidCredentials();
    case 'invalid-grant':
    case 'unauthorized':
      return notConnected();
    case 'forbidden':
      return subscriptionInactive();
    case 'unavailable':
    case 'host-not-allowed':
      return unavailable(error.message);
  }
}

/** Runs an accounting step and answers its failure in the contract's terms. */
export async function asAccountingCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw accountingHttpError(error);
  }
}
