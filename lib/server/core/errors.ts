import type { z } from 'zod';
import { ErrorCode } from '@/lib/contract/errors';

/** A failure the caller can act on; route() turns it into the one JSON error body with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Structured facts the client needs to explain the refusal (a slot's name, the warnings to confirm). */
    readonly details?: Record<string, unknown>,
    /** A refusal that ends by itself (a rate window): how many seconds the caller waits, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const validationError = (fields: Record<string, string[]>, message = 'The request is not valid.') =>
  new HttpError(400, ErrorCode.validation, message, fields);

export const unauthorized = (message = 'Authentication required.', code: string = ErrorCode.unauthorized) =>
  new HttpError(401, code, message);

export const forbidden = (message = 'You are not allowed to perform this operation.') =>
  new HttpError(403, ErrorCode.forbidden, message);

export const passwordChangeRequired = () =>
  new HttpError(403, ErrorCode.passwordChangeRequired, 'Change your password before going on.');

export const featureDisabled = () =>
  new HttpError(403, ErrorCode.featureDisabled, 'This feature is not enabled for your company.');

export const notFound = (message = 'Not found.') => new HttpError(404, ErrorCode.notFound, message);

export const conflict = (message: string, code: string = ErrorCode.conflict) => new HttpError(409, code, message);

export const businessRule = (
  code: string,
  message: string,
  fields?: Record<string, string[]>,
  details?: Record<string, unknown>,
) => new HttpError(422, code, message, fields, details);

export const tooManyRequests = () =>
  new HttpError(429, ErrorCode.rateLimited, 'Too many attempts. Please wait a few minutes and try again.');

/** A zod refusal as the error body's fields: each issue under its dotted path, `_` for the value as a whole. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
