import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { apiOperations } from '@/app/api/operations';
import { call } from '../setup/http';
import { useTemporaryStorage } from '../tasks/helpers';
import { buildRequest, callsOf, inPool, key, pathParamKind, pathParams, queryOf, send, setAt, type Call } from './requests';
import { closeOutsideServices, seedTenant, type SeededTenant } from './tenant-seed';
import { tenantRows } from './tenant-snapshot';

/**
 * Tenant A's owner (every role, every feature) calls every operation with tenant B's real ids: each answers 404
 * for an id in the path, and exactly what a never-used id gets for an id in the query or body; B's rows stay as
 * they were, and B's marker never shows in anything A reads.
 */

/** Calls the driver leaves out, each with the reason. Public and unknown calls take no session (tokens, not ids). */
const excluded: Record<string, string> = {
  'GET /api/web/tasks/stream': 'an endless stream: read in its own test below, bounded',
  'POST /api/web/tenant_feature/{id}': 'the id is a feature of the global catalogue, and the call acts on the caller’s own tenant',
  'DELETE /api/web/tenant_feature/{id}': 'the id is a feature of the global catalogue, and the call acts on the caller’s own tenant',
};

/** A 503 that says an optional outside service is not configured here, as documented. */
const notConfigured: Record<string, string> = { 'GET /api/web/geocode': 'geocoder.notConfigured' };

const neverUsedId = 2_000_000_000;
const marker = 'QQBMARKERZZ';
let a: SeededTenant;
let b: SeededTenant;
const figures = { ownMarkerSeen: 0, operations: 0, probed: 0, scanned: 0, writesWithoutId: 0, requests: 0, leaks: [] as string[] };

beforeAll(async () => {
  useTemporaryStorage();
  closeOutsideServices();
  [a, b] = await Promise.all([seedTenant('AAMARKERAA', 'tenant-a'), seedTenant(marker, 'tenant-b')]);
});

afterAll(() => {
  delete process.env.XERO_IDENTITY_URL;
  delete process.env.XERO_API_URL;
  delete process.env.XERO_TIMEOUT_MS;
});

async function sendAsA(call_: Call, params: Record<string, number>, query: unknown, json: unknown, form?: (json: unknown) => FormData) {
  figures.requests += 1;
  const answer = await send(call_, {
    cookie: a.cookies.owner,
    params,
    query: queryOf(query),
    ...(form ? { form: form(json) } : json !== undefined ? { json } : {}),
  });
  if (answer.text.includes(marker)) figures.leaks.push(`${call_.name}: B's marker in the answer`);
  if (answer.text.includes(a.marker)) figures.ownMarkerSeen += 1;
  return answer;
}

/** What an answer tells the caller: status, code and the field messages (whose keys may carry the id sent). */
function outcome(answer: { status: number; code?: string; text: string }): string {
  let messages: string[] = [];
  try {
    const fields = (JSON.parse(answer.text) as { error?: { fields?: Record<string, string[]> } }).error?.fields ?? {};
    messages = Object.values(fields).flat().sort();
  } catch {
    messages = [];
  }
  return JSON.stringify([answer.status, answer.code, messages]);
}

function request(call_: Call, params: Record<string, number> = {}) {
  return buildRequest(call_, a, params);
}

describe('tenant isolation', () => {
  it('answers 404 or a never-used id’s answer to every call naming B’s ids, changes none of B’s rows, leaks no B text', async () => {
    const before = await tenantRows(b.tenantId);
    const calls = callsOf(await apiOperations()).filter((call_) => call_.contract.access === 'authenticated' && !excluded[key(call_)]);
    figures.operations = new Set(calls.map(key)).size;
    const failures: string[] = [];
    const bodyProbes: Call[] = [];
    const writesWithoutIds: Call[] = [];

    await inPool(calls, 8, async (call_) => {
      const names = pathParams(call_.operation.path);
      const { query, querySlots, bodySlots, form } = request(call_);
      const kinds = names.map((name) => pathParamKind(call_.operation.path, name));
      const aParams = Object.fromEntries(names.map((name, index) => [name, a.ids[kinds[index]]]));
      if (names.length > 0) {
        figures.probed += 1;
        // Every mix of ids where at least one path id is B's: B's task with B's file, A's task with B's file, ...
        for (let mask = 1; mask < 1 << names.length; mask += 1) {
          const params = Object.fromEntries(names.map((name, index) => [name, (mask >> index) & 1 ? b.ids[kinds[index]] : aParams[name]]));
          const answer = await sendAsA(call_, params, query, request(call_, params).json, form);
          if (answer.status !== 404 || !/\.(\w*N|n)otFound$/.test(answer.code ?? '')) failures.push(`${call_.name} ${JSON.stringify(params)}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
      }
      if (querySlots.length + bodySlots.length > 0) bodyProbes.push(call_);
      else if (names.length === 0 && call_.operation.method === 'GET') {
        figures.scanned += 1;
        const answer = await sendAsA(call_, {}, query, undefined);
        if (answer.status >= 500 && answer.code !== notConfigured[key(call_)]) failures.push(`${call_.name}: ${answer.status}`);
      } else if (names.length === 0) writesWithoutIds.push(call_);
    });

    // Ids in the query or body: one at a time B's, the rest A's; run one after another, as several rewrite A's rows.
    for (const call_ of bodyProbes) {
      figures.probed += 1;
      const names = pathParams(call_.operation.path);
      const params = Object.fromEntries(names.map((name) => [name, a.ids[pathParamKind(call_.operation.path, name)]]));
      const { query, querySlots, json, bodySlots, form } = request(call_, params);
      const probes = [...querySlots.map((slot) => ({ slot, inQuery: true })), ...bodySlots.map((slot) => ({ slot, inQuery: false }))];
      const baseline = await sendAsA(call_, params, query, json, form);
      if (baseline.status === 400) failures.push(`${call_.name}: the generated request is not valid: ${baseline.text.slice(0, 300)}`);
      for (const { slot, inQuery } of probes) {
        const withId = (id: number) => (inQuery ? [setAt(query, slot.path, id), json] : [query, setAt(json, slot.path, id)]);
        const [missingQuery, missingJson] = withId(neverUsedId);
        const missing = await sendAsA(call_, params, missingQuery, missingJson, form);
        const [foreignQuery, foreignJson] = withId(b.ids[slot.kind]);
        const foreign = await sendAsA(call_, params, foreignQuery, foreignJson, form);
        const where = `${call_.name} ${inQuery ? 'query' : 'body'} ${slot.path.join('.')}`;
        if (outcome(foreign) !== outcome(missing) || foreign.status === 403 || foreign.status >= 500) {
          failures.push(`${where}: B's id ${foreign.status} ${foreign.text.slice(0, 200)}, a never-used id ${missing.status} ${missing.text.slice(0, 200)}`);
        }
      }
    }

    // Writes that name no id act on A's own tenant: B's snapshot below proves they reach nothing of B.
    await inPool(writesWithoutIds, 4, async (call_) => {
      figures.writesWithoutId += 1;
      const { query, json, form } = request(call_);
      const answer = await sendAsA(call_, {}, query, json, form);
      if (answer.status >= 500) failures.push(`${call_.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
    });

    expect(failures).toEqual([]);
    expect(figures.leaks).toEqual([]);
    expect(figures.ownMarkerSeen, "A's own records show in its answers, so the scans read real data").toBeGreaterThan(20);
    expect(await tenantRows(b.tenantId)).toEqual(before);
    console.info(`tenant isolation: ${JSON.stringify(figures)}`);
  });

  it('never streams B’s task changes to A: B’s change, then A’s, and only A’s arrives', async () => {
    const response = await call(stream, { path: '/api/web/tasks/stream', cookie: a.cookies.owner, headers: { 'last-event-id': '0' } });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    const change = (tenant: SeededTenant, title: string) =>
      call(updateTask, { method: 'PUT', params: { id: tenant.ids.unscheduledTask }, json: { title }, cookie: tenant.cookies.owner });
    expect((await change(b, `${marker} streamed`)).status).toBe(200);
    expect((await change(a, 'A streamed')).status).toBe(200);
    const deadline = Date.now() + 5000;
    while (!text.includes('A streamed') && Date.now() < deadline) {
      const timer = new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())));
      const chunk = await Promise.race([reader.read(), timer]);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    await reader.cancel();
    expect(text).toContain('A streamed');
    expect(text).not.toContain(marker);
  });
});
