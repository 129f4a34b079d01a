import { expect } from 'vitest';
import type { ApiErrorBody } from '@/lib/contract/errors';
import { isCatalogued } from '@/lib/contract/problems';
import { callCodes } from '@/lib/server/http/openapi/refusal-codes';
import type { RouteHandler } from '@/lib/server/http/route';
import { sessionCache } from '@/lib/server/people/auth/session-cache';
import { testPassword } from './fixtures';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export const testOrigin = 'http://localhost:3000';

export interface CallOptions {
  method?: string;
  path?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
  /** The address the request comes from; each test uses its own so the login rate limit stays per test. */
  ip?: string;
  /**
   * false: call at once. By default the call first waits until the session cache has applied every change already
   * committed: a test's plain-SQL change plays another app instance, whose changes reach the cache within
   * milliseconds (tests/api/session-cache.test.ts measures that); waiting keeps a test's next call deterministic.
   */
  settle?: boolean;
  /**
   * false: do not hold a refusal's code to those its call declares. Only the fuzzing harness, whose random requests
   * reach rules no test means to meet; every other test holds each call to its declared codes.
   */
  declaredCodes?: boolean;
}

/** Calls a route handler the way Next.js does, with a same-origin browser's headers unless told otherwise. */
export async function call(handler: Handler, options: CallOptions = {}): Promise<Response> {
  const url = new URL(options.path ?? '/api/web/test', testOrigin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const method = options.method ?? 'GET';
  const headers = new Headers({
    host: url.host,
    'x-forwarded-for': options.ip ?? '127.0.0.1',
    ...(method !== 'GET' ? { origin: testOrigin, 'sec-fetch-site': 'same-origin' } : {}),
    ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  });
  const request = new Request(url, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const params = Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, String(v)]));
  if (options.settle !== false) await sessionCache().sync();
  const response = await handler(request, { params: Promise.resolve(params) });
  if (options.declaredCodes !== false) await expectDeclaredCodes(handler, `${method} ${url.pathname}`, response);
  return response;
}

/**
 * Every refusal any API test meets must carry a code its call declares (the OpenAPI document lists the same codes),
 * and each field problem a code of the catalogue, with params and an English message.
 */
async function expectDeclaredCodes(handler: Handler, call: string, response: Response): Promise<void> {
  const contract = (handler as Partial<RouteHandler>).contract;
  if (!contract || contract.access === 'unknown' || response.status < 400) return;
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  const { error } = (await response.clone().json()) as Partial<ApiErrorBody>;
  if (!error) return;
  const { codes } = callCodes(contract);
  expect(codes, `${call} answered ${response.status} ${error.code}: declare it in the route's refusals`).toContain(error.code);
  for (const [path, problems] of Object.entries(error.fields ?? {})) {
    for (const problem of problems) {
      expect(isCatalogued(problem.code), `${call} refused ${path} with ${problem.code}, which the catalogue lacks`).toBe(true);
      expect(problem, `${call}: the problem of ${path} has params and a message`).toEqual({ code: problem.code, params: expect.any(Object), message: expect.any(String) });
    }
  }
}

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

let ipCounter = 0;
export const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** Signs in through POST login and answers the session cookie. */
export async function signIn(username: string, password = testPassword): Promise<string> {
  const { POST } = await import('@/app/api/web/login/route');
  const response = await call(POST, {
    method: 'POST',
    path: '/api/web/login',
    json: { username, password, rememberMe: true },
    ip: freshIp(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieHeader(response);
}

export interface CrossTenantCase {
  handler: Handler;
  method?: string;
  path?: string;
  /** The route's params, with tenant B's id in the place the route takes an id. */
  params: Record<string, string | number>;
  json?: unknown;
  /** A session of tenant A, which must not see tenant B's record. */
  otherTenantCookie: string;
  /** A session of tenant B, which owns the record and must see it. */
  ownerCookie: string;
}

/**
 * Proves that tenant A's session gets 404 on tenant B's id, exactly like a missing id, while tenant B's own
 * session reaches the record. Every route that takes an id uses it.
 */
export async function expectTenantIsolation(test: CrossTenantCase): Promise<void> {
  const asOther = await call(test.handler, { ...test, cookie: test.otherTenantCookie });
  expect(asOther.status, "another tenant's id answers 404").toBe(404);
  const body = (await asOther.json()) as { error: { code: string } };
  expect(body.error.code, 'a not-found code').toMatch(/\.(\w*N|n)otFound$/);
  const asOwner = await call(test.handler, { ...test, cookie: test.ownerCookie });
  expect(asOwner.status, 'the owning tenant reaches its own record').not.toBe(404);
  expect(asOwner.status).toBeLessThan(500);
}
