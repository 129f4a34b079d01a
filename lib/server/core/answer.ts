/**
 * What a domain function answers when the answer is not a JSON value: a file, the PDF report, a sample CSV, a body
 * the database serialised, a stream written as it is read, or JSON that opens a session (its cookies). The domain
 * says what the answer is; route() makes the Response (lib/server/http/answer.ts), so no wing below the HTTP edge
 * builds one.
 */

const answerMark: unique symbol = Symbol('answer');

/** A body the domain wrote itself. */
export interface BodyAnswer {
  readonly [answerMark]: 'body';
  /** Bytes go out with their length; a text or a stream without one. */
  readonly body: string | Uint8Array | ReadableStream<Uint8Array>;
  readonly contentType: string;
  /**
   * Shown by the browser or saved, under this name. `encoded`: the exact UTF-8 name in filename* (RFC 5987) beside an
   * ASCII fallback, for a name a user chose; without it the name, plain ASCII of our own making, goes as it is.
   */
  readonly disposition?: { readonly type: 'inline' | 'attachment'; readonly filename: string; readonly encoded?: boolean };
  /**
   * An uploaded file or the report, which a browser may open as a document: served under a policy of its own
   * (lib/server/http/served-files.ts). `sameOriginOnly`: only our own pages may load it.
   */
  readonly document?: { readonly sameOriginOnly: boolean };
  readonly cacheControl?: string;
  /** How the answer was made, for the browser's network panel (Server-Timing). */
  readonly serverTiming?: string;
}

/** A JSON value with the cookies an authentication step set (a session opened, replaced or closed). */
export interface CookieAnswer {
  readonly [answerMark]: 'cookies';
  readonly value: unknown;
  readonly setCookies: readonly string[];
}

export type Answer = BodyAnswer | CookieAnswer;

export function bodyAnswer(answer: Omit<BodyAnswer, typeof answerMark>): BodyAnswer {
  return { [answerMark]: 'body', ...answer };
}

export function cookieAnswer(value: unknown, setCookies: readonly string[]): CookieAnswer {
  return { [answerMark]: 'cookies', value, setCookies };
}

export function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && answerMark in value;
}

export function isBodyAnswer(answer: Answer): answer is BodyAnswer {
  return answer[answerMark] === 'body';
}
