import 'server-only';
import { randomUUID } from 'node:crypto';
import { z, type ZodType } from 'zod';
import { ErrorCode, type ApiErrorBody, type ErrorCodeName, type FieldProblems, type ProblemParams } from '@/lib/contract/errors';
import { codedParse } from '@/lib/contract/problems';
import type { FeatureId } from '@/lib/contract/features';
import { hasAnyRole, type Role } from '@/lib/contract/roles';
import { authenticate } from './authenticate';
import { readyTenantDb } from '@/lib/server/core/db';
import { sessionCache } from '@/lib/server/people/auth/session-cache';
import { errorFields, log, type LogFields } from '@/lib/server/core/log';
import { isAnswer } from '@/lib/server/core/answer';
import { anonymousJsonBodyBytes, defaultJsonBodyBytes, payloadTooLarge, readBounded } from './bounded-body';
import { assertFeature, type Ctx } from '../core/ctx';
import { isConnectionError } from '../core/db-errors';
import { fieldErrors, forbidden, HttpError, invalidField, notFound, passwordChangeRequired, unauthorized, validationError } from '../core/errors';
import { runIdempotent } from './idempotency';
import { uploadReader, type UploadContract, type UploadedParts } from './multipart';
import type { ReadUpload } from '@/lib/server/core/upload';

export type { UploadContract, UploadPart } from './multipart';
import { assertSameOrigin, clientIp } from './security';
import { answerResponse } from './answer';
import { setApiSecurityHeaders } from './security-headers';

interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

interface Schemas<P, Q, B> {
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
}

/** How a call's JSON body is read. */
interface BodyOptions {
  /**
   * The largest JSON body the call reads, in bytes (default defaultJsonBodyBytes, 1 MB, for a signed-in call and
   * anonymousJsonBodyBytes, 64 KB, for a public one): past it the answer is 413 before anything is parsed. Only a
   * call whose contract legitimately takes more (a bulk write) declares it.
   */
  maxBodyBytes?: number;
  /**
   * Runs before the body is read: a per-address rate limit here refuses a flood without reading a byte of it, so
   * an anonymous caller cannot make the server read bodies faster than the limit allows.
   */
  beforeBody?: (clientAddress: string) => Promise<void>;
  /**
   * The codes of this call's own refusals (its 404s, 409s, 422s, rate limits and the codes of its domain rules on a
   * field), beyond those every call of its kind gives: the OpenAPI document lists them per call, and the API tests
   * fail on an answer whose code the call does not declare (lib/server/http/openapi/refusal-codes.ts).
   */
  refusals?: readonly ErrorCodeName[];
}

type CallOptions<P, Q, B> = Schemas<P, Q, B> & BodyOptions;

export interface RouteOptions<P, Q, B> extends Schemas<P, Q, B>, BodyOptions {
  /** The caller needs at least one of these roles. Omitted: any signed-in user. */
  roles?: readonly Role[];
  /** Every one of these tenant features must be on. */
  features?: readonly FeatureId[];
  /**
   * Open to a user who has not yet replaced the password someone else chose for them (users.first_login): the
   * password change itself and the reads its screen needs. Every other call refuses them.
   */
  beforePasswordChange?: boolean;
  /**
   * A write a worker's offline queue may send twice: an Idempotency-Key header makes a replay answer the first
   * answer instead of writing again (lib/server/http/idempotency.ts).
   */
  idempotent?: boolean;
  /** A call that serves several payloads on one path (a query flag picks one): each variant's own contract. */
  variants?: RouteContract[];
}

interface Parsed<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: Request;
  requestId: string;
  /** The caller's address (./security.ts clientIp): what per-address limits count. */
  clientAddress: string;
}

type Result = unknown | Response | Promise<unknown | Response>;

/**
 * What a handler declares about its call, kept on the handler itself so that the OpenAPI document, the role matrix
 * and the fuzzing suite read the same schemas and guards the call enforces.
 */
export interface RouteContract {
  access: 'authenticated' | 'public' | 'unknown';
  roles?: readonly Role[];
  beforePasswordChange?: boolean;
  features?: readonly FeatureId[];
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  idempotent?: boolean;
  upload?: UploadContract;
  variants?: RouteContract[];
  refusals?: readonly ErrorCodeName[];
}

export type RouteHandler = ((request: Request, context: NextRouteContext) => Promise<Response>) & {
  contract: RouteContract;
};

/** An authenticated call: session cookie or API key → ctx, then role and feature guards, then zod. */
export function route<P = undefined, Q = undefined, B = undefined, const U extends UploadContract = UploadContract>(
  options: RouteOptions<P, Q, B> & {
    /**
     * A multipart body (no `body` schema): its parts, each file part with its size limit and accepted types. The
     * handler's `upload()` reads and checks them (413, 415, 400) and answers them typed, by name.
     */
    upload?: U;
  },
  handler: (input: Parsed<P, Q, B> & { ctx: Ctx; upload: ReadUpload<UploadedParts<U>> }) => Result,
): RouteHandler {
  const contract: RouteContract = {
    access: 'authenticated',
    ...pickContract(options),
    roles: options.roles,
    features: options.features,
    beforePasswordChange: options.beforePasswordChange,
    idempotent: options.idempotent,
    upload: options.upload,
  };
  return withContract(contract, async (request, context, requestId, caller) => {
    const found = await authenticate(request, requestId);
    if (!found) throw unauthorized();
    // From here on the call sees only its tenant's rows: row-level security under the application's role.
    const tenantDb = readyTenantDb(found.tenantId);
    const auth: Ctx = { ...found, db: tenantDb instanceof Promise ? await tenantDb : tenantDb };
    caller.tenantId = auth.tenantId;
    caller.userId = auth.user.id;
    if (auth.via === 'session') assertSameOrigin(request);
    // Whoever holds the first password (it went through the outbox and an e-mail) must not use the account with it.
    if (auth.user.firstLogin && !options.beforePasswordChange) throw passwordChangeRequired();
    if (options.roles && !hasAnyRole(auth.roles, options.roles)) throw forbidden();
    for (const feature of options.features ?? []) assertFeature(auth, feature);
    const { upload } = options;
    const readUpload = upload
      ? uploadReader(request, upload)
      : () => Promise.reject(new Error('This call declares no upload.'));
    const run = async () =>
      handler({ ...(await parse(options, request, context, requestId, defaultJsonBodyBytes)), ctx: auth, upload: readUpload });
    if (!options.idempotent) return run();
    return runIdempotent(auth, request, async () => asResponse(await run()));
  });
}

/** A call open to anyone (sign-in, sign-up, public feedback and tracking links, translations). */
export function publicRoute<P = undefined, Q = undefined, B = undefined>(
  options: CallOptions<P, Q, B>,
  handler: (input: Parsed<P, Q, B>) => Result,
): RouteHandler {
  return withContract({ access: 'public', ...pickContract(options) }, async (request, context, requestId) => {
    assertSameOrigin(request);
    return handler(await parse(options, request, context, requestId, anonymousJsonBodyBytes));
  });
}

/** One method serving several contracts on a path, the request choosing which (e.g. `?admin=true`). */
export function chooseRoute(choose: (request: Request) => RouteHandler, variants: readonly RouteHandler[]): RouteHandler {
  const handler = (request: Request, context: NextRouteContext) => choose(request)(request, context);
  return Object.assign(handler, { contract: { access: 'authenticated' as const, variants: variants.map((variant) => variant.contract) } });
}

/** Any path under /api/web that no route serves: the one JSON error shape with 404, never the HTML not-found page. */
export function unknownCallRoute(): RouteHandler {
  return withContract({ access: 'unknown' }, async () => {
    throw notFound(ErrorCode.notFound, 'No such API call.');
  });
}

function pickContract<P, Q, B>(options: CallOptions<P, Q, B>): Pick<RouteContract, 'params' | 'query' | 'body' | 'refusals'> {
  return { params: options.params, query: options.query, body: options.body, refusals: options.refusals };
}

/** Who called, once authentication knows: the request's log line carries it. */
interface Caller {
  tenantId?: number;
  userId?: number;
}

function withContract(
  contract: RouteContract,
  run: (request: Request, context: NextRouteContext, requestId: string, caller: Caller) => Promise<unknown>,
): RouteHandler {
  const handler = async (request: Request, context: NextRouteContext) => {
    const requestId = randomUUID();
    const started = performance.now();
    const caller: Caller = {};
    const path = new URL(request.url).pathname;
    const fields = (): LogFields => ({ requestId, method: request.method, path, ...caller });
    let response: Response;
    try {
      response = asResponse(await run(request, context, requestId, caller));
    } catch (error) {
      response = errorResponse(error, requestId);
      // A deliberate refusal (an HttpError, even a 502 from a provider) is told by the request line; an unexpected
      // failure or a lost database gets its error and stack.
      if (response.status >= 500 && !(error instanceof HttpError)) {
        log.error('request failed', { ...fields(), status: response.status, ...errorFields(error) });
      }
    } finally {
      // A write may have revoked a session (logout, deactivation, a role change): this process applies that to its
      // session cache before answering, so the caller's next call here never meets the old session.
      if (request.method !== 'GET' && request.method !== 'HEAD') await sessionCache().sync();
    }
    log.info('request', { ...fields(), status: response.status, ms: Math.round(performance.now() - started) });
    return withApiHeaders(response, requestId, path);
  };
  return Object.assign(handler, { contract });
}

function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return isAnswer(result) ? answerResponse(result) : Response.json(result ?? {});
}

/** Every answer under /api/web/ comes through here, errors included: the proxy does not run for these paths. */
function withApiHeaders(response: Response, requestId: string, path: string): Response {
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
  response.headers.set('x-request-id', requestId);
  setApiSecurityHeaders(response.headers, path);
  return response;
}

async function parse<P, Q, B>(
  schemas: CallOptions<P, Q, B>,
  request: Request,
  context: NextRouteContext,
  requestId: string,
  defaultBodyBytes: number,
): Promise<Parsed<P, Q, B>> {
  const clientAddress = clientIp(request);
  await schemas.beforeBody?.(clientAddress);
  const params = validate(schemas.params, refuseNul(await context.params)) as P;
  const query = validate(schemas.query, refuseNul(Object.fromEntries(new URL(request.url).searchParams))) as Q;
  return {
    params,
    query,
    body: schemas.body
      ? (validate(schemas.body, refuseNul(await readJson(request, schemas.maxBodyBytes ?? defaultBodyBytes))) as B)
      : (undefined as B),
    request,
    requestId,
    clientAddress,
  };
}

/** Never more than `limitBytes` of it is read, whatever Content-Length claims: a larger body is a 413. */
async function readJson(request: Request, limitBytes: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBounded(request, limitBytes, () => payloadTooLarge(limitBytes)));
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidField('body', 'request.invalidJson', 'The body is not valid JSON.');
  }
}

/**
 * PostgreSQL's text cannot hold U+0000: a string (or key) carrying it is a 400 here rather than a failed query (a 500)
 * later. Walked without recursion, so a deeply nested body cannot overflow the stack.
 */
const nulMessage = 'Text must not contain the NUL character.';

function refuseNul<T>(value: T): T {
  const pending: { value: unknown; path: string }[] = [{ value, path: '_' }];
  while (pending.length > 0) {
    const current = pending.pop() as { value: unknown; path: string };
    if (typeof current.value === 'string') {
      if (current.value.includes('\u0000')) throw invalidField(current.path, 'validation.nulCharacter', nulMessage);
    } else if (typeof current.value === 'object' && current.value !== null) {
      for (const [key, entry] of Object.entries(current.value)) {
        const path = current.path === '_' ? key : `${current.path}.${key}`;
        if (key.includes('\u0000')) throw invalidField('_', 'validation.nulCharacter', nulMessage);
        pending.push({ value: entry, path });
      }
    }
  }
  return value;
}

function validate<T>(schema: ZodType<T> | undefined, value: unknown): T | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value, codedParse);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

/** The database's own unique-violation code: a duplicate that slipped past the domain checks is still a 409. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function errorResponse(error: unknown, requestId: string): Response {
  const body = (
    code: ErrorCodeName,
    message: string,
    fields?: FieldProblems,
    details?: Record<string, unknown>,
    params?: ProblemParams,
  ): ApiErrorBody => ({
    error: {
      code,
      message,
      ...(params && Object.keys(params).length > 0 ? { params } : {}),
      ...(fields ? { fields } : {}),
      ...(details ? { details } : {}),
      requestId,
    },
  });
  if (error instanceof HttpError) {
    const headers = error.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(error.retryAfterSeconds) };
    return Response.json(body(error.code, error.message, error.fields, error.details, error.params), { status: error.status, headers });
  }
  if (error instanceof z.ZodError) {
    return Response.json(body(ErrorCode.validation, 'The request is not valid.', fieldErrors(error)), {
      status: 400,
    });
  }
  if (isUniqueViolation(error)) {
    return Response.json(body(ErrorCode.conflict, 'An item with these details already exists.'), { status: 409 });
  }
  if (isConnectionError(error)) {
    // The database went away (restart, failover, a killed connection): the pool reconnects on the next query, so
    // the client should retry rather than see an internal error.
    return Response.json(body(ErrorCode.unavailable, 'The service is briefly unavailable. Please try again.'), {
      status: 503,
      headers: { 'retry-after': '1' },
    });
  }
  return Response.json(body(ErrorCode.internal, 'An error occurred. Please try again.'), { status: 500 });
}
