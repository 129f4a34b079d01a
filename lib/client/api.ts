'use client';

import { toast } from 'sonner';
import { ErrorCode, type ApiErrorBody, type FieldProblems, type ProblemParams } from '@/lib/contract/errors';
import { createThrottle } from './throttle';

export type GlobalNotice = 'connectivity' | 'forbidden' | 'passwordChangeRequired' | 'generic' | 'tooLarge';

/** The texts of the global notices, set once by the shell from the user's language. */
let noticeTexts: Record<GlobalNotice, string> = {
  connectivity: 'Connectivity problem. Please try again.',
  forbidden: 'You are not allowed to perform this operation.',
  passwordChangeRequired: 'Choose your own password before going on.',
  generic: 'An error occurred. Please try again.',
  tooLarge: 'The data sent is too large. Please send less at once.',
};

export function setGlobalNoticeTexts(texts: Record<GlobalNotice, string>): void {
  noticeTexts = texts;
}

/** Puts a refusal into the user's language by its code, set by the shell; null leaves the generic notice. */
let refusalText: (error: ApiError) => string | null = () => null;

export function setRefusalText(text: (error: ApiError) => string | null): void {
  refusalText = text;
}

const noticeThrottle = createThrottle(2000);

/** Each global notice shows at most once per 2 seconds, however many calls fail together. */
export function showGlobalNotice(kind: GlobalNotice): void {
  if (noticeThrottle(kind)) toast.error(noticeTexts[kind], { id: `global-${kind}` });
}

/** A refusal no caller handles: its own text when the code says more than "an error occurred", else the generic one. */
function showRefusal(error: ApiError): void {
  const text = error.status < 500 ? refusalText(error) : null;
  if (text === null) showGlobalNotice('generic');
  else if (noticeThrottle(`refusal-${error.code}`)) toast.error(text, { id: `refusal-${error.code}` });
}

/** A 403: the two notices of access itself, or the refusal's own text (a feature off, a right only owners have). */
function showForbidden(error: ApiError): void {
  if (error.code === ErrorCode.passwordChangeRequired) showGlobalNotice('passwordChangeRequired');
  else if (error.code === ErrorCode.forbidden) showGlobalNotice('forbidden');
  else showRefusal(error);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** A code of the catalogue (lib/contract/error-catalogue.ts), or `unknown` for an answer without the error body. */
    readonly code: string,
    message: string,
    readonly fields?: FieldProblems,
    /** The refusal's facts (body.error.details), for the caller to explain it in the user's language. */
    readonly details?: Record<string, unknown>,
    readonly params: ProblemParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const apiBase = '/api/web/';

/** Until the shell installs its router-based handler, a 401 reloads the page: the server then sends it to login. */
let onUnauthorized = () => {
  window.location.reload();
};

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

interface ApiOptions extends Omit<RequestInit, 'body'> {
  json?: unknown;
  body?: BodyInit;
  /** Statuses the caller handles itself, without the global notice (404 and 409 always are). */
  quietStatuses?: number[];
}

/**
 * Calls the API. A 401 signs the user out; no answer, 403 and other failures show the global notices;
 * 404, 409 and the caller's quiet statuses are thrown as ApiError for the caller to handle.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { json, quietStatuses = [], headers, ...init } = options;
  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : apiBase + path, {
      ...init,
      headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : init.body,
      credentials: 'same-origin',
    });
  } catch (error) {
    showGlobalNotice('connectivity');
    throw error;
  }
  if (response.ok) {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  const error = new ApiError(
    response.status,
    body?.error.code ?? 'unknown',
    body?.error.message ?? response.statusText,
    body?.error.fields,
    body?.error.details,
    body?.error.params,
  );
  const quiet = response.status === 404 || response.status === 409 || quietStatuses.includes(response.status);
  if (response.status === 401 && !quiet) onUnauthorized();
  else if (response.status === 403 && !quiet) showForbidden(error);
  else if (error.code === ErrorCode.payloadTooLarge && !quiet) showGlobalNotice('tooLarge');
  else if (!quiet) showRefusal(error);
  throw error;
}
