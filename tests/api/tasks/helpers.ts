import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  cancellationReasons,
  clients,
  customFields,
  taskLogs,
  taskTimeline,
  taskTypeCustomFields,
  taskTypes,
  tasks,
  tenants,
  timeSlots,
} from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import type { TaskView } from '@/lib/contract/tasks';
import { getDb } from '@/lib/server/core/db';
import { allocateReferenceNumber } from '@/lib/server/tasks/write';
import { createCompany } from '../setup/fixtures';
import { call, signIn, type CallOptions } from '../setup/http';
import type { FieldProblems, ProblemParams } from '@/lib/contract/errors';

/** Uploads go to a folder of this test run, never to the app's data folder. */
export function useTemporaryStorage(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'fieldops-files-'));
  process.env.STORAGE_DIR = folder;
  return folder;
}

type Handler = Parameters<typeof call>[0];

export async function callJson<T>(handler: Handler, options: CallOptions): Promise<{ status: number; body: T }> {
  const response = await call(handler, options);
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

export interface ErrorBody {
  error: { code: string; message: string; params?: ProblemParams; fields?: FieldProblems; details?: Record<string, unknown> };
}

/** A day and hour from now, rounded to the minute, as the form would send it. */
export function future(days: number, hour = 10): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/**
 * A company with what the task form needs: two task types (one with an ON_SAVE and an ON_COMPLETION field), a
 * deleted type, a client and a deleted client, a time slot, a cancellation reason, and a signed-in owner.
 * Time slots (feature 3) are on unless the caller passes other features.
 */
export async function taskCompany(features: number[] = [Feature.timeSlots]) {
  const db = await getDb();
  const company = await createCompany({ features });
  const { tenantId } = company;
  const [repair, survey, oldType] = await db
    .insert(taskTypes)
    .values([
      { tenantId, name: 'Boiler repair', durationMins: 90 },
      { tenantId, name: 'Survey', durationMins: 30 },
      { tenantId, name: 'Old type', durationMins: 45, deleted: new Date() },
    ])
    .returning({ id: taskTypes.id });
  const [purchaseOrder, materials] = await db
    .insert(customFields)
    .values([
      { tenantId, fieldName: 'Customer PO number', fieldType: 'TEXT', required: true, requiredType: 'ON_SAVE' },
      {
        tenantId,
        fieldName: 'Materials used',
        fieldType: 'MULTI_SELECT_QUANTITY',
        options: ['Filter', 'Valve'],
        required: true,
        requiredType: 'ON_COMPLETION',
      },
    ])
    .returning({ id: customFields.id });
  await db.insert(taskTypeCustomFields).values([
    { tenantId, taskTypeId: repair.id, customFieldId: purchaseOrder.id },
    { tenantId, taskTypeId: repair.id, customFieldId: materials.id },
  ]);
  const [client, oldClient] = await db
    .insert(clients)
    .values([
      { tenantId, displayName: 'Rossi Srl' },
      { tenantId, displayName: 'Gone Spa', deleted: new Date() },
    ])
    .returning({ id: clients.id });
  const [slot] = await db
    .insert(timeSlots)
    .values({ tenantId, name: 'Morning', startTime: '08:00', endTime: '12:00' })
    .returning({ id: timeSlots.id });
  const [reason] = await db
    .insert(cancellationReasons)
    .values({ tenantId, name: 'Client no show' })
    .returning({ id: cancellationReasons.id });
  const cookie = await signIn(company.owner.username);
  return {
    ...company,
    cookie,
    types: { repair: repair.id, survey: survey.id, deleted: oldType.id },
    fields: { purchaseOrder: purchaseOrder.id, materials: materials.id },
    clients: { active: client.id, deleted: oldClient.id },
    slotId: slot.id,
    reasonId: reason.id,
  };
}
export type TaskCompany = Awaited<ReturnType<typeof taskCompany>>;

/** A task written straight to the database, for tests that read or change existing tasks. */
export async function seedTask(
  tenantId: number,
  values: Partial<typeof tasks.$inferInsert> & { typeId: number },
): Promise<number> {
  const db = await getDb();
  const referenceNumber = await allocateReferenceNumber(db, tenantId);
  const [task] = await db
    .insert(tasks)
    .values({ title: 'Seeded task', ...values, tenantId, referenceNumber })
    .returning({ id: tasks.id });
  return task.id;
}

export async function logsOf(taskId: number) {
  const db = await getDb();
  return db
    .select({ action: taskLogs.action, oldValue: taskLogs.oldValue, newValue: taskLogs.newValue, userId: taskLogs.userId })
    .from(taskLogs)
    .where(eq(taskLogs.taskId, taskId))
    .orderBy(asc(taskLogs.id));
}

export async function timelineOf(taskId: number) {
  const db = await getDb();
  const rows = await db
    .select({ statusId: taskTimeline.statusId })
    .from(taskTimeline)
    .where(and(eq(taskTimeline.taskId, taskId)))
    .orderBy(asc(taskTimeline.id));
  return rows.map((row) => row.statusId);
}

export function expectError(result: { status: number; body: unknown }, status: number, code: string, message?: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  const { error } = result.body as ErrorBody;
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
  return error;
}

export type { TaskView };

export interface TaskChangeEvent {
  id: number;
  taskId: number;
  kind: string;
  task: TaskView;
}

/**
 * Opens the live task stream as a client resuming from the tenant's latest change, so a change made before the
 * stream has subscribed is still replayed, and collects task events until `wanted` arrived or the time is up.
 */
export async function collectTaskEvents(
  stream: Handler,
  session: { cookie: string; tenantId: number },
  act: () => Promise<unknown>,
  wanted: number,
  timeoutMs = 8000,
): Promise<TaskChangeEvent[]> {
  const db = await getDb();
  const [tenant] = await db.select({ seq: tenants.lastChangeSeq }).from(tenants).where(eq(tenants.id, session.tenantId));
  const response = await call(stream, {
    path: '/api/web/tasks/stream',
    cookie: session.cookie,
    headers: { 'last-event-id': String(tenant.seq) },
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: TaskChangeEvent[] = [];
  let text = '';
  const first = await reader.read();
  text += decoder.decode(first.value, { stream: true });
  await act();
  const deadline = Date.now() + timeoutMs;
  while (events.length < wanted && Date.now() < deadline) {
    const timer = new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())));
    const chunk = await Promise.race([reader.read(), timer]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    const blocks = text.split('\n\n');
    text = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) events.push(JSON.parse(data.slice('data: '.length)) as TaskChangeEvent);
    }
  }
  await reader.cancel();
  return events;
}
