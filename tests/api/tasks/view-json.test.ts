import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, type SQL } from 'drizzle-orm';
import { GET as getTask } from '@/app/api/web/tasks/[id]/route';
import { customFieldValues, tasks, tenants } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { selectTaskViews } from '@/lib/server/tasks/view';
import { selectTaskView } from '@/lib/server/tasks/view-json';
import { createUser } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import { seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';

/**
 * GET tasks/{id} sends the view as the database writes it (lib/server/tasks/view-json.ts) while every list builds it
 * in TypeScript (toTaskView in view.ts): the two must give the same answer for every shape a task can take.
 */
let a: TaskCompany;
let timeZone: string;
const shapes = new Map<string, number>();

beforeAll(async () => {
  a = await taskCompany();
  const db = await getDb();
  [{ timeZone }] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, a.tenantId));
  shapes.set('bare: no client, worker, appointment or slot', await seedTask(a.tenantId, { typeId: a.types.survey }));
  const full = await seedTask(a.tenantId, {
    typeId: a.types.repair,
    title: 'Caldaia "Rossi" \\ ñ 🔧',
    description: 'Line one\nline two',
    clientId: a.clients.active,
    assigneeId: a.worker.id,
    appointmentDate: new Date('2030-03-04T07:30:00Z'),
    durationMins: 135,
    timeSlotId: a.slotId,
    statusId: 4,
    billingStatusId: 2,
    locationAddress: 'Via Roma 1, Milano',
    locationLatitude: 45.464203,
    locationLongitude: 9.189982,
    contactName: 'Mario',
    contactSurname: 'Bianchi',
    contactPhoneCountryCode: '+39',
    contactPhone: '3331234567',
    externalReference: 'ERP-77',
    completedAt: new Date('2030-03-04T09:45:12.345Z'),
    inProgressSeconds: 4_530,
    rating: 4.5,
    feedbackComment: 'Quick and tidy',
    recurring: true,
    recurringRule: 'FREQ=WEEKLY;BYDAY=MO',
    recurringCount: 3,
    repeatEveryOption: 'WEEK',
    repeatOn: 'mon',
    endRecurrence: '2030-06-30',
  });
  shapes.set('full: every field, custom field values, a time zone shift', full);
  await db.insert(customFieldValues).values([
    { tenantId: a.tenantId, taskId: full, customFieldId: a.fields.materials, fieldValue: '[{"option":"Valve","quantity":2}]' },
    { tenantId: a.tenantId, taskId: full, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-9' },
  ]);
  shapes.set(
    'a deleted type and client, cancelled for a listed reason',
    await seedTask(a.tenantId, {
      typeId: a.types.deleted,
      clientId: a.clients.deleted,
      cancelled: new Date('2030-01-02T03:04:05.006Z'),
      cancellationReasonId: a.reasonId,
    }),
  );
  shapes.set(
    'cancelled with a reason in free text, a slot without an appointment',
    await seedTask(a.tenantId, {
      typeId: a.types.survey,
      cancelled: new Date('2030-01-02T03:04:05Z'),
      cancellationReasonText: 'Gate locked',
      timeSlotId: a.slotId,
      locationLatitude: -0.000001,
      locationLongitude: 179.99999999999997,
    }),
  );
});

async function listView(id: number): Promise<TaskView> {
  const db = await getDb();
  const where = and(eq(tasks.tenantId, a.tenantId), eq(tasks.id, id)) as SQL;
  const [row] = await selectTaskViews(db, a.tenantId, timeZone, { where });
  return row.view;
}

describe('one task as the database writes it', () => {
  it('equals the list view for every shape of task, key for key and in the same order', async () => {
    const db = await getDb();
    for (const [shape, id] of shapes) {
      const single = await selectTaskView(db, a.tenantId, timeZone, id);
      const listed = await listView(id);
      expect(single, shape).toEqual(listed);
      expect(Object.keys(single as TaskView), shape).toEqual(Object.keys(listed));
    }
    expect(shapes.size).toBe(4);
  });

  it('is what GET tasks/{id} answers, as JSON', async () => {
    const id = shapes.get('full: every field, custom field values, a time zone shift') as number;
    const response = await call(getTask, { params: { id }, cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as TaskView;
    expect(body).toEqual(await listView(id));
    expect(body.customFieldValues.map((value) => value.fieldValue)).toEqual(['PO-9', '[{"option":"Valve","quantity":2}]']);
    expect(body.location).toEqual({ address: 'Via Roma 1, Milano', latitude: 45.464203, longitude: 9.189982 });
    expect(body.rating).toBe(4.5);
  });

  it('still answers 404 to a worker for a task that is not theirs, and the task to its own worker', async () => {
    const other = await createUser(a.tenantId, { assignee: true });
    const cookie = await signIn(other.username);
    const id = shapes.get('full: every field, custom field values, a time zone shift') as number;
    expect((await call(getTask, { params: { id }, cookie })).status).toBe(404);
    const own = await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: other.id });
    const response = await call(getTask, { params: { id: own }, cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TaskView).id).toBe(own);
  });
});
