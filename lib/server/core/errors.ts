import type { z } from 'zod';
import { ErrorCode, problem, type ErrorCodeName, type FieldProblems, type Problem, type ProblemParams } from '@/lib/contract/errors';
import { problemsOfError } from '@/lib/contract/problems';

type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** A failure the caller can act on; route() turns it into the one JSON error body with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: ErrorCodeName,
    message: string,
    readonly fields?: FieldProblems,
    /** Structured facts the client needs to explain the refusal (a slot's name, the warnings to confirm). */
    readonly details?: Record<string, unknown>,
    /** A refusal that ends by itself (a rate window): how many seconds the caller waits, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** What the code's text is filled with (the catalogue names them). */
    readonly params?: ProblemParams,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export { problem };

/** One field's problem as the error body's fields: `{[path]: [problem]}`. */
export const fieldProblem = (path: string, code: ErrorCodeName, message: string, params: ProblemParams = {}): FieldProblems => ({
  [path]: [problem(code, message, params)],
});

export const validationError = (fields: FieldProblems, message = 'The request is not valid.') =>
  new HttpError(400, ErrorCode.validation, message, fields);

/** A 400 that refuses one value: the request's code and the field's are the same. */
export const invalidField = (path: string, code: ErrorCodeName, message: string, params: ProblemParams = {}) =>
  validationError(fieldProblem(path, code, message, params), message);

export const unauthorized = (message = 'Authentication required.', code: ErrorCodeName = ErrorCode.unauthorized) =>
  new HttpError(401, code, message);

export const forbidden = (message = 'You are not allowed to perform this operation.') =>
  new HttpError(403, ErrorCode.forbidden, message);

export const passwordChangeRequired = () =>
  new HttpError(403, ErrorCode.passwordChangeRequired, 'Change your password before going on.');

export const featureDisabled = () =>
  new HttpError(403, ErrorCode.featureDisabled, 'This feature is not enabled for your company.');

export const notFound = (code: ErrorCodeName = ErrorCode.notFound, message = 'Not found.') => new HttpError(404, code, message);

export const conflict = (code: ErrorCodeName, message: string) => new HttpError(409, code, message);

export const businessRule = (
  code: ErrorCodeName,
  message: string,
  fields?: FieldProblems,
  details?: Record<string, unknown>,
  params?: ProblemParams,
) => new HttpError(422, code, message, fields, details, undefined, params);

export const tooManyRequests = () =>
  new HttpError(429, ErrorCode.rateLimited, 'Too many attempts. Please wait a few minutes and try again.');

/** A zod refusal as the error body's fields: each issue coded, under its dotted path, `_` for the value as a whole. */
export function fieldErrors(error: z.ZodError): FieldProblems {
  return problemsOfError(error);
}

export type { Problem };
