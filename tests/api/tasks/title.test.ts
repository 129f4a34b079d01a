import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { POST as createTask } from '@/app/api/web/tasks/route';
import { clients } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { callJson, seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';

/** 00-decisions: the title is the given one, or "{task type} - {client}" when empty. */
let a: TaskCompany;
let otherClient: number;

beforeAll(async () => {
  a = await taskCompany();
  const db = await getDb();
  const [client] = await db.insert(clients).values({ tenantId: a.tenantId, displayName: 'Bianchi Spa' }).returning({ id: clients.id });
  otherClient = client.id;
});

async function create(task: Record<string, unknown>): Promise<TaskView> {
  const body = new FormData();
  body.set('task', JSON.stringify(task));
  const result = await callJson<TaskView>(createTask, { method: 'POST', path: '/api/web/tasks', body, cookie: a.cookie });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function put(id: number, json: unknown): Promise<TaskView> {
  const result = await callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie: a.cookie });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

describe('a derived title follows the task type and client', () => {
  it('is derived again when the type changes and no title is sent', async () => {
    const task = await create({ typeId: a.types.survey, clientId: a.clients.active });
    expect(task.title).toBe('Survey - Rossi Srl');
    const purchaseOrder = { customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' };
    expect((await put(task.id, { typeId: a.types.repair, customFieldValues: [purchaseOrder] })).title).toBe('Boiler repair - Rossi Srl');
  });

  it('is derived again when the client changes, is added, or is removed', async () => {
    const task = await create({ typeId: a.types.survey });
    expect(task.title).toBe('Survey');
    expect((await put(task.id, { clientId: a.clients.active })).title).toBe('Survey - Rossi Srl');
    expect((await put(task.id, { clientId: otherClient })).title).toBe('Survey - Bianchi Spa');
    expect((await put(task.id, { clientId: null })).title).toBe('Survey');
  });

  it('stays when only other details change', async () => {
    const task = await create({ typeId: a.types.survey, clientId: a.clients.active });
    expect((await put(task.id, { description: 'Second floor' })).title).toBe('Survey - Rossi Srl');
  });

  it('follows even when the old client was deleted since', async () => {
    const db = await getDb();
    const [gone] = await db.insert(clients).values({ tenantId: a.tenantId, displayName: 'Soon gone' }).returning({ id: clients.id });
    const task = await create({ typeId: a.types.survey, clientId: gone.id });
    await db.update(clients).set({ deleted: new Date() }).where(eq(clients.id, gone.id));
    expect((await put(task.id, { clientId: otherClient })).title).toBe('Survey - Bianchi Spa');
  });
});

describe('a title given by hand', () => {
  it('stays when the type or client changes and no title is sent', async () => {
    const task = await create({ typeId: a.types.survey, clientId: a.clients.active, title: 'Check the roof' });
    expect((await put(task.id, { clientId: otherClient })).title).toBe('Check the roof');
    const seeded = await seedTask(a.tenantId, { typeId: a.types.survey, title: 'Legacy title' });
    expect((await put(seeded, { clientId: a.clients.active })).title).toBe('Legacy title');
  });

  it('is replaced by a new given title, and derived again when sent empty', async () => {
    const task = await create({ typeId: a.types.survey, clientId: a.clients.active, title: 'Check the roof' });
    expect((await put(task.id, { title: 'Check the gutter', clientId: otherClient })).title).toBe('Check the gutter');
    expect((await put(task.id, { title: '' })).title).toBe('Survey - Bianchi Spa');
    expect((await put(task.id, { title: 'Hand written' })).title).toBe('Hand written');
    expect((await put(task.id, { title: null, clientId: a.clients.active })).title).toBe('Survey - Rossi Srl');
  });

  it('counts as derived when it reads exactly like the derived title, since nothing tells them apart', async () => {
    const task = await create({ typeId: a.types.survey, clientId: a.clients.active, title: 'Survey - Rossi Srl' });
    expect((await put(task.id, { clientId: otherClient })).title).toBe('Survey - Bianchi Spa');
  });
});
