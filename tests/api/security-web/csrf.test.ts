import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/web/login/route';
import { PATCH as preferences } from '@/app/api/web/users/me/preferences/route';
import { POST as createClient } from '@/app/api/web/clients/route';
import { eq } from 'drizzle-orm';
import { apiKeys, clients } from '@/db/schema';
import { apiOperations } from '@/app/api/operations';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { keepTrustedForwardedOrigin } from '@/lib/server/http/client-address';
import { getDb } from '@/lib/server/core/db';
import { createCompany, testPassword } from '../setup/fixtures';
import { call, freshIp, signIn, testOrigin } from '../setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;
let cookie: string;
let operations: ApiOperation[];

beforeAll(async () => {
  company = await createCompany({ features: [1, 2] });
  cookie = await signIn(company.owner.username);
  // The catch-all of unknown paths answers 404 to anything; every real call is checked.
  operations = (await apiOperations()).filter((operation) => operation.method !== 'GET' && operation.contract.access !== 'unknown');
});

const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

/** A concrete path for a template, any number for each id: the origin check runs before the params are read. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

async function errorCode(response: Response): Promise<string | undefined> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

describe('a state-changing call from another site with the session cookie', () => {
  it('is refused with 403 CROSS_ORIGIN_REQUEST on every POST, PUT, PATCH and DELETE of the API', async () => {
    console.info(`CSRF: ${operations.length} state-changing operations checked`);
    expect(operations.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const { path, method, handler } of operations) {
      const response = await call(handler, { method, path: concrete(path), params: { id: 1 }, cookie, headers: foreign, json: {} });
      const code = await errorCode(response);
      if (response.status !== 403 || code !== 'request.crossOrigin') accepted.push(`${method} ${path}: ${response.status} ${code}`);
    }
    expect(accepted).toEqual([]);
  });

  it.each([
    ['an Origin of another site alone', { origin: 'https://evil.example' }],
    ['the opaque Origin of a sandboxed frame or a data: page', { origin: 'null' }],
    ['a sibling subdomain', { origin: 'http://attacker.localhost:3000', 'sec-fetch-site': 'same-site' }],
    ["a browser's cross-site marker without an Origin", { 'sec-fetch-site': 'cross-site' }],
    ['the same host on another scheme', { origin: 'https://localhost:3000' }],
  ])('is refused for %s, and changes nothing', async (_, headers) => {
    const name = `csrf-${randomBytes(4).toString('hex')}`;
    const response = await call(createClient, { method: 'POST', cookie, headers: { origin: '', 'sec-fetch-site': '', ...headers }, json: { displayName: name } });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('request.crossOrigin');
    const db = await getDb();
    expect(await db.select({ id: clients.id }).from(clients).where(eq(clients.displayName, name))).toEqual([]);
  });

  it('passes from the app itself (same Origin, same-origin fetch)', async () => {
    const response = await call(preferences, { method: 'PATCH', cookie, headers: { origin: testOrigin, 'sec-fetch-site': 'same-origin' }, json: {} });
    expect(response.status).not.toBe(403);
  });

  it('refuses a cross-site login too, so another site cannot sign a browser into its own account', async () => {
    const response = await call(login, {
      method: 'POST',
      ip: freshIp(),
      headers: foreign,
      json: { username: company.owner.username, password: testPassword, rememberMe: false },
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('rides on a session cookie a browser keeps to this site (SameSite=Lax, HttpOnly)', async () => {
    const response = await call(login, { method: 'POST', ip: freshIp(), json: { username: company.owner.username, password: testPassword, rememberMe: true } });
    const session = response.headers.getSetCookie().find((value) => value.startsWith('fieldops.session_token='));
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/HttpOnly/i);
  });
});

describe('an Origin that X-Forwarded-Host claims as our own', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXY_HOPS;
  });

  const postClient = (name: string, headers: Record<string, string>) =>
    call(createClient, { method: 'POST', cookie, headers: { 'sec-fetch-site': '', ...headers }, json: { displayName: name } });

  async function clientNamed(name: string) {
    const db = await getDb();
    return db.select({ id: clients.id }).from(clients).where(eq(clients.displayName, name));
  }

  it('is refused with no proxy declared, and passes only once a configured proxy hop vouches for that host', async () => {
    const claimed = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const refused = `xfh-${randomBytes(4).toString('hex')}`;
    const direct = await postClient(refused, claimed);
    expect(direct.status).toBe(403);
    expect(await errorCode(direct)).toBe('request.crossOrigin');
    expect(await clientNamed(refused)).toEqual([]);

    process.env.TRUSTED_PROXY_HOPS = '1';
    const viaProxy = await postClient(`xfh-${randomBytes(4).toString('hex')}`, claimed);
    expect(viaProxy.status).toBe(200);
  });

  it('behind two proxies that append, takes the host the edge proxy saw, never one the client wrote before it', async () => {
    process.env.TRUSTED_PROXY_HOPS = '2';
    const chain = { 'x-forwarded-host': 'evil.example, shop.example, app-internal:3000', 'x-forwarded-proto': 'https, https, http' };
    const fromShop = await postClient(`xfh-${randomBytes(4).toString('hex')}`, { ...chain, origin: 'https://shop.example' });
    expect(fromShop.status).toBe(200);
    const name = `xfh-${randomBytes(4).toString('hex')}`;
    const fromEvil = await postClient(name, { ...chain, origin: 'https://evil.example' });
    expect(fromEvil.status).toBe(403);
    expect(await clientNamed(name)).toEqual([]);
  });

  it('reaches Next.js with only the trusted proxy entry of X-Forwarded-Host, -Proto and -Port, and none with no proxy', () => {
    const sent = () => ({ 'x-forwarded-host': 'evil.example, shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' });
    const direct: Record<string, string> = sent();
    keepTrustedForwardedOrigin(direct, 0);
    expect(direct).toEqual({});
    const behindOne: Record<string, string> = sent();
    keepTrustedForwardedOrigin(behindOne, 1);
    expect(behindOne).toEqual({ 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' });
  });
});

describe('a call with an API key', () => {
  it('is exempt: no browser attaches the key by itself, so another Origin does not matter', async () => {
    const key = randomBytes(32).toString('base64url');
    const db = await getDb();
    await db.insert(apiKeys).values({
      name: 'csrf',
      keyHash: hashApiKey(key),
      keyPrefix: key.slice(0, 6),
      tenantId: company.tenantId,
      createdById: company.owner.id,
    });
    const response = await call(createClient, {
      method: 'POST',
      headers: { ...foreign, authorization: `Bearer ${key}` },
      json: { displayName: `api-${randomBytes(4).toString('hex')}` },
    });
    expect(response.status).toBe(200);
  });
});
