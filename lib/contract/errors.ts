import type { ErrorCodeName } from './error-catalogue';

export type { ErrorCodeName } from './error-catalogue';

/** What a problem's text is filled with: the limit, the slot's name, the column… (the catalogue names them). */
export type ProblemParams = Record<string, string | number>;

/** One refusal of one value: a code of the catalogue, its params, and the English text (for logs and API readers). */
export interface Problem {
  code: ErrorCodeName;
  params: ProblemParams;
  message: string;
}

/** Problems by the dotted path of the value they refuse (`appointment.date`, `points.2.lat`, `_` for the whole). */
export type FieldProblems = Record<string, Problem[]>;

/** The one error body every API call answers with. `message` is English; clients translate by `code` and `params`. */
export interface ApiErrorBody {
  error: {
    code: ErrorCodeName;
    message: string;
    params?: ProblemParams;
    fields?: FieldProblems;
    /** Facts a refusal carries for the client to explain it (see the call's contract). */
    details?: Record<string, unknown>;
    requestId: string;
  };
}

export const problem = (code: ErrorCodeName, message: string, params: ProblemParams = {}): Problem => ({ code, params, message });

/** The English texts of field problems by path: what a log line or a test compares. */
export function messagesOf(fields: FieldProblems | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([path, problems]) => [path, problems.map((one) => one.message)]));
}

/** The codes of field problems by path. */
export function codesOf(fields: FieldProblems | undefined): Record<string, ErrorCodeName[]> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([path, problems]) => [path, problems.map((one) => one.code)]));
}

export const ErrorCode = {
  validation: 'request.invalid',
  unauthorized: 'auth.unauthorized',
  invalidCredentials: 'auth.invalidCredentials',
  forbidden: 'auth.forbidden',
  /** A first sign-in with a password someone else chose: only the password change (and sign-out) may run. */
  passwordChangeRequired: 'auth.passwordChangeRequired',
  featureDisabled: 'tenant.featureDisabled',
  crossOrigin: 'request.crossOrigin',
  notFound: 'request.notFound',
  conflict: 'request.duplicate',
  staleUpdate: 'request.staleUpdate',
  rateLimited: 'request.rateLimited',
  /** A body past the call's byte cap (64 KB public, 1 MB signed in, unless the call declares more), refused unparsed. */
  payloadTooLarge: 'request.tooLarge',
  internal: 'request.internal',
  unavailable: 'request.unavailable',
} as const satisfies Record<string, ErrorCodeName>;
