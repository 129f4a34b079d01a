/** The one error body every API call answers with. `message` is English; clients translate by `code`. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string[]>;
    /** Facts a refusal carries for the client to explain it (see the call's contract). */
    details?: Record<string, unknown>;
    requestId: string;
  };
}

export const ErrorCode = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  forbidden: 'FORBIDDEN',
  /** A first sign-in with a password someone else chose: only the password change (and sign-out) may run. */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  featureDisabled: 'FEATURE_DISABLED',
  crossOrigin: 'CROSS_ORIGIN_REQUEST',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  staleUpdate: 'STALE_UPDATE',
  businessRule: 'BUSINESS_RULE',
  rateLimited: 'RATE_LIMITED',
  /** A body past the call's byte cap (64 KB public, 1 MB signed in, unless the call declares more), refused unparsed. */
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
