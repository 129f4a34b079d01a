import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { apiOperations } from '@/app/api/operations';
import { getDb } from '@/lib/server/core/db';
import { useTemporaryStorage } from '../tasks/helpers';
import { buildRequest, callsOf, inPool, jsonSchema, key, pathParamKind, pathParams, queryOf, send, type Call } from './requests';
import { closeOutsideServices, seedTenant, type SeededTenant } from './tenant-seed';
import { tenantRows } from './tenant-snapshot';

/**
 * Every create and update call, sent a valid body plus internal fields (another tenant's id, ids, timestamps, role
 * flags, hashes), refuses it (400) or ignores the extras; no JSON answer of any call names a tenant or carries a
 * hash or a secret.
 */

const injectedId = 999_999_999;
const injectedDate = '2001-02-03T04:05:06.000Z';
/** Fields no client may set; a field the call's own schema declares (a user's role flags, a task's `updated`) is left out. */
const internal = (otherTenantId: number): Record<string, unknown> => ({
  tenantId: otherTenantId,
  tenant_id: otherTenantId,
  id: injectedId,
  userId: injectedId,
  createdById: injectedId,
  uploaderId: injectedId,
  authorId: injectedId,
  referenceNumber: injectedId,
  created: injectedDate,
  createdAt: injectedDate,
  updated: injectedDate,
  updatedAt: injectedDate,
  deleted: injectedDate,
  roles: ['owner'],
  owner: true,
  tasksManager: true,
  usersManager: true,
  billingManager: true,
  passwordHash: 'injected',
  keyHash: 'injected',
  tokenHash: 'injected',
  lastChangeSeq: injectedId,
});

/** Keys no answer may carry: the tenant, credentials' hashes, secrets. */
const forbiddenKey = /^(tenant_?id|password(hash)?|.*_?hash|.*secret.*|token)$/i;
/** Answers whose secret is the point of the call, as the spec defines it. */
const secretsBySpec: Record<string, string> = {
  'GET /api/web/xero/get-credentials': 'spec 03 §7: "returns clientId, clientSecret" to the tasksManager who configures the import',
};

function leakedKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leakedKeys(item, `${at}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, item]) => [...(forbiddenKey.test(name) ? [`${at}.${name}`] : []), ...leakedKeys(item, `${at}.${name}`)]);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let tenant: SeededTenant;
let other: SeededTenant;

beforeAll(async () => {
  useTemporaryStorage();
  closeOutsideServices();
  [tenant, other] = await Promise.all([seedTenant('MASSMARK', 'mass'), seedTenant('OTHERMARK', 'mass-other')]);
});

function declared(call_: Call): Set<string> {
  const schema = jsonSchema(call_.contract.body) as { properties?: Record<string, unknown> } | undefined;
  return new Set(Object.keys(schema?.properties ?? {}));
}

describe('mass assignment', () => {
  it('refuses or ignores internal fields on every create and update, and no answer echoes them', async () => {
    const otherBefore = await tenantRows(other.tenantId);
    const calls = callsOf(await apiOperations()).filter(
      (call_) => call_.contract.access === 'authenticated' && call_.operation.method !== 'GET' && call_.contract.body,
    );
    const failures: string[] = [];
    const outcomes = { refused: 0, ignored: 0 };
    await inPool(calls, 6, async (call_) => {
      const params = Object.fromEntries(pathParams(call_.operation.path).map((name) => [name, tenant.ids[pathParamKind(call_.operation.path, name)]]));
      const { query, json } = buildRequest(call_, tenant, params);
      if (!json || typeof json !== 'object' || Array.isArray(json)) return;
      const own = declared(call_);
      const extras = Object.fromEntries(Object.entries(internal(other.tenantId)).filter(([name]) => !own.has(name)));
      const answer = await send(call_, { cookie: tenant.cookies.owner, params, query: queryOf(query), json: { ...json, ...extras } });
      if (answer.status >= 500) failures.push(`${call_.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      if (answer.status === 400) outcomes.refused += 1;
      else outcomes.ignored += 1;
      const body = parsed(answer.text);
      const leaks = leakedKeys(body);
      if (leaks.length > 0) failures.push(`${call_.name}: the answer carries ${leaks.join(', ')}`);
      if (answer.status < 300 && (answer.text.includes(String(injectedId)) || answer.text.includes(injectedDate))) {
        failures.push(`${call_.name}: the answer echoes an injected value: ${answer.text.slice(0, 300)}`);
      }
    });
    console.info(`mass assignment: ${calls.length} calls with a JSON body, ${outcomes.refused} refused (400), ${outcomes.ignored} ignored the extras`);
    expect(failures).toEqual([]);
    expect(await tenantRows(other.tenantId), "no write reached the tenant named in the body").toEqual(otherBefore);
    const db = await getDb();
    const [worker] = await db.select().from(users).where(eq(users.id, tenant.ids.worker));
    expect(worker).toMatchObject({ tenantId: tenant.tenantId, owner: false, tasksManager: false, usersManager: false, billingManager: false, deleted: null });
  });

  it('keeps a worker a worker whatever role flags their own profile calls carry', async () => {
    const calls = callsOf(await apiOperations()).filter((call_) =>
      ['PUT /api/web/users/me', 'PATCH /api/web/users/me/preferences', 'PUT /api/web/users/timezone', 'PATCH /api/web/users/preferredTaskColumns'].includes(key(call_)),
    );
    expect(calls).toHaveLength(4);
    for (const call_ of calls) {
      const { json } = buildRequest(call_, tenant);
      const answer = await send(call_, { cookie: tenant.cookies.worker, json: { ...(json as object), ...internal(other.tenantId), assignee: false, active: false } });
      expect(answer.status, `${call_.name}: ${answer.text}`).toBeLessThan(500);
    }
    const db = await getDb();
    const [worker] = await db.select().from(users).where(eq(users.id, tenant.ids.worker));
    expect(worker).toMatchObject({ tenantId: tenant.tenantId, owner: false, tasksManager: false, usersManager: false, billingManager: false, assignee: true, active: true, deleted: null });
  });

  it('answers no tenant, hash or secret in any JSON of every read', async () => {
    const calls = callsOf(await apiOperations()).filter(
      (call_) => call_.contract.access === 'authenticated' && call_.operation.method === 'GET' && !secretsBySpec[key(call_)],
    );
    const leaks: string[] = [];
    await inPool(calls, 8, async (call_) => {
      const params = Object.fromEntries(pathParams(call_.operation.path).map((name) => [name, tenant.ids[pathParamKind(call_.operation.path, name)]]));
      const { query } = buildRequest(call_, tenant, params);
      const answer = await send(call_, { cookie: tenant.cookies.owner, params, query: queryOf(query) });
      const found = leakedKeys(parsed(answer.text));
      if (found.length > 0) leaks.push(`${call_.name}: ${found.slice(0, 5).join(', ')}`);
    });
    console.info(`response leaks: ${calls.length} reads scanned`);
    expect(leaks).toEqual([]);
  });
});
