import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { route } from '@/lib/server/http/route';
import { businessRule } from '@/lib/server/core/errors';
import { createCompany, createUser } from './setup/fixtures';
import { call, signIn } from './setup/http';

let cookieWithZones: string;
let tasksManagerCookie: string;

beforeAll(async () => {
  const company = await createCompany({ features: [1] });
  cookieWithZones = await signIn(company.owner.username);
  const dispatcher = await createUser(company.tenantId, { tasksManager: true });
  tasksManagerCookie = await signIn(dispatcher.username);
});

const errorOf = async (response: Response) => ((await response.json()) as { error: Record<string, unknown> }).error;

describe('route()', () => {
  it('answers 403 FEATURE_DISABLED when the tenant has the feature off, and passes when on', async () => {
    const zones = route({ features: [1] }, () => ({ ok: true }));
    const accounting = route({ features: [5] }, () => ({ ok: true }));
    expect((await call(zones, { cookie: cookieWithZones })).status).toBe(200);
    const refused = await call(accounting, { cookie: cookieWithZones });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'tenant.featureDisabled' });
  });

  it('answers 403 when the caller holds none of the roles', async () => {
    const ownersOnly = route({ roles: ['owner'] }, () => ({ ok: true }));
    expect((await call(ownersOnly, { cookie: tasksManagerCookie })).status).toBe(403);
    expect((await call(ownersOnly, { cookie: cookieWithZones })).status).toBe(200);
  });

  it('answers 400 with field errors from the params, query and body schemas', async () => {
    const handler = route(
      { params: z.object({ id: z.coerce.number().int() }), query: z.object({ page: z.coerce.number().min(1) }), body: z.object({ name: z.string().min(1) }) },
      ({ params, query, body }) => ({ params, query, body }),
    );
    const bad = await call(handler, { method: 'PUT', cookie: cookieWithZones, params: { id: 'x' }, query: { page: '0' }, json: { name: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields as object)).toEqual(expect.arrayContaining(['id']));
    const good = await call(handler, { method: 'PUT', cookie: cookieWithZones, params: { id: '4' }, query: { page: '2' }, json: { name: 'n' } });
    expect(await good.json()).toEqual({ params: { id: 4 }, query: { page: 2 }, body: { name: 'n' } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const handler = route({ body: z.object({}) }, () => ({}));
    const response = await call(handler, { method: 'POST', cookie: cookieWithZones, body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
  });

  it('answers 400 for a NUL character anywhere in the params, query or body, which PostgreSQL text cannot hold', async () => {
    const handler = route(
      { params: z.object({ id: z.string() }), query: z.object({ q: z.string().optional() }), body: z.object({ items: z.array(z.object({ name: z.string() })) }) },
      () => ({ ok: true }),
    );
    const ask = (id: string, q: string, name: string) =>
      call(handler, { method: 'PUT', cookie: cookieWithZones, params: { id }, query: { q }, json: { items: [{ name }] } });
    const inBody = await ask('1', 'a', 'a\u0000b');
    expect(inBody.status).toBe(400);
    expect((await errorOf(inBody)).fields).toEqual({
      'items.0.name': [{ code: 'validation.nulCharacter', params: {}, message: 'Text must not contain the NUL character.' }],
    });
    expect((await ask('1', '\u0000', 'a')).status).toBe(400);
    expect((await ask('\u0000', 'a', 'a')).status).toBe(400);
    expect((await ask('1', 'a', 'a')).status).toBe(200);
  });

  it('maps a business rule to 422 with its code', async () => {
    const handler = route({ refusals: ['task.customFieldsRequired'] }, () => {
      throw businessRule('task.customFieldsRequired', 'Field is required');
    });
    const response = await call(handler, { cookie: cookieWithZones });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: 'task.customFieldsRequired', message: 'Field is required' });
  });

  it('maps a unique violation from the database to 409', async () => {
    // The caller's company already has feature 1 (zones) on: turning it on again is a duplicate key. (The shared
    // features catalogue itself is read-only to the app's role since migration 0014.)
    const handler = route({}, async ({ ctx }) => {
      await ctx.db.execute(sql`insert into tenant_features (tenant_id, feature_id) values (${ctx.tenantId}, 1)`);
    });
    const response = await call(handler, { cookie: cookieWithZones });
    expect(response.status).toBe(409);
  });

  it('answers 500 with a request id and never a stack trace for an unexpected failure', async () => {
    const handler = route({}, () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const response = await call(handler, { cookie: cookieWithZones });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('.ts:');
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'request.internal', message: 'An error occurred. Please try again.' } });
    expect(response.headers.get('x-request-id')).toBe((JSON.parse(text) as { error: { requestId: string } }).error.requestId);
  });
});
