import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { Feature } from '@/lib/contract/features';
import {
  addRule,
  appointmentText,
  clientEmail,
  clientPhone,
  inDays,
  outboxOf,
  postCancel,
  put,
  scheduledTask,
  setStatus,
  tokensOf,
  triggerCompany,
  workerPhone,
} from './notification-triggers-fixtures';

type Company = Awaited<ReturnType<typeof triggerCompany>>;
let a: Company;
const hourMs = 3_600_000;

beforeAll(async () => {
  a = await triggerCompany();
});

describe('ON_TASK_STATUS_CHANGE', () => {
  it('queues one e-mail to the client, in English, with every placeholder filled, when the task enters the status', async () => {
    const rule = await addRule(a.tenantId, {
      type: 'ON_TASK_STATUS_CHANGE',
      statusId: 2,
      recipient: 'CLIENT',
      messageType: 'EMAIL',
      subject: 'Task {task_id} started',
      message: 'Dear {client_name} {client_surname}, {worker_name} {worker_surname} started {task_type} at {task_location} ({appointment}); call {client_contact_number}.',
    });
    const disabled = await addRule(a.tenantId, { type: 'ON_TASK_STATUS_CHANGE', statusId: 2, recipient: 'CLIENT', messageType: 'SMS', message: 'x', isDisabled: true });
    const deleted = await addRule(a.tenantId, { type: 'ON_TASK_STATUS_CHANGE', statusId: 2, recipient: 'WORKER', messageType: 'SMS', message: 'x', deleted: new Date() });
    const otherStatus = await addRule(a.tenantId, { type: 'ON_TASK_STATUS_CHANGE', statusId: 4, recipient: 'CLIENT', messageType: 'EMAIL', subject: 's', message: 'x' });
    const appointment = inDays(2);
    const id = await scheduledTask(a, appointment);
    const { body: view } = await put(a, id, { description: 'no status change yet' });
    expect(await outboxOf(id, rule)).toEqual([]);

    expect((await setStatus(a, [id], 2)).body.updated).toEqual([id]);
    const rows = await outboxOf(id, rule);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'EMAIL',
      recipient: clientEmail,
      status: 'PENDING',
      subject: `Task ${view.referenceNumber} started`,
      body: `Dear Mario Rossi, Luca Bianchi started Survey at Via Po 2, Torino (${appointmentText(appointment, 'en')}); call ${clientPhone}.`,
    });
    for (const ignored of [disabled, deleted, otherStatus]) expect(await outboxOf(id, ignored)).toEqual([]);
  });
});

describe('ON_TASK_UPDATE', () => {
  it('texts the worker in Italian when the appointment moves, and not for a change of description', async () => {
    const rule = await addRule(a.tenantId, { type: 'ON_TASK_UPDATE', recipient: 'WORKER', messageType: 'SMS', message: '{worker_name}: {task_id} ora {appointment}' });
    const id = await scheduledTask(a, inDays(3));
    await put(a, id, { description: 'only words' });
    expect(await outboxOf(id, rule)).toEqual([]);
    const moved = inDays(4);
    const result = await put(a, id, { appointment: { date: moved.toISOString() } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const rows = await outboxOf(id, rule);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'SMS',
      recipient: workerPhone,
      subject: null,
      body: `Luca: ${result.body.referenceNumber} ora ${appointmentText(moved, 'it')}`,
    });
    expect(appointmentText(moved, 'it')).not.toBe(appointmentText(moved, 'en'));
  });

  it('sends nothing to a worker when the task has none', async () => {
    const rule = await addRule(a.tenantId, { type: 'ON_TASK_UPDATE', recipient: 'WORKER', messageType: 'EMAIL', subject: 's', message: 'm' });
    const id = await scheduledTask(a, inDays(3), { assigneeId: null });
    await put(a, id, { location: { address: 'Via Roma 1' } });
    expect(await outboxOf(id, rule)).toEqual([]);
  });
});

describe('BEFORE_APPOINTMENT', () => {
  it('plans the reminder hours before, re-plans it when the appointment moves, and drops it on cancel', async () => {
    const rule = await addRule(a.tenantId, { type: 'BEFORE_APPOINTMENT', numberOfHours: 3, recipient: 'CLIENT', messageType: 'SMS', message: 'See you {appointment}' });
    const first = inDays(5);
    const id = await scheduledTask(a, first);
    await put(a, id, { description: 'touch' });
    let rows = await outboxOf(id, rule);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'SMS', recipient: clientPhone, status: 'PENDING', body: `See you ${appointmentText(first, 'en')}` });
    expect(rows[0].nextAttemptAt.getTime()).toBe(first.getTime() - 3 * hourMs);

    const moved = inDays(6);
    await put(a, id, { appointment: { date: moved.toISOString() } });
    rows = await outboxOf(id, rule);
    expect(rows).toHaveLength(1);
    expect(rows[0].nextAttemptAt.getTime()).toBe(moved.getTime() - 3 * hourMs);
    expect(rows[0].body).toBe(`See you ${appointmentText(moved, 'en')}`);

    expect((await postCancel(a, id)).status).toBe(200);
    expect(await outboxOf(id, rule)).toEqual([]);
  });

  it('keeps a reminder already due through an unrelated edit, and replaces it when the appointment moves', async () => {
    const rule = await addRule(a.tenantId, { type: 'BEFORE_APPOINTMENT', numberOfHours: 1, recipient: 'WORKER', messageType: 'EMAIL', subject: 'Soon', message: '{appointment}' });
    // Planned earlier for an appointment half an hour away: its moment has come, the delivery job has not sent it yet.
    const id = await scheduledTask(a, new Date(Date.now() + 30 * 60_000));
    const db = await getDb();
    const [planned] = await db
      .insert(outbox)
      .values({ tenantId: a.tenantId, channel: 'EMAIL', recipient: a.worker.username, subject: 'Soon', body: 'b', notificationId: rule, taskId: id, nextAttemptAt: new Date(Date.now() - 30 * 60_000) })
      .returning({ id: outbox.id });
    await put(a, id, { description: 'unrelated' });
    expect((await outboxOf(id, rule)).map((row) => row.id)).toEqual([planned.id]);
    const moved = inDays(3);
    await put(a, id, { appointment: { date: moved.toISOString() } });
    const rows = await outboxOf(id, rule);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(planned.id);
    expect(rows[0].nextAttemptAt.getTime()).toBe(moved.getTime() - hourMs);
  });
});

describe('links of reminders planned again', () => {
  const hashOf = (body: string) => createHash('sha256').update(/\/app\/f\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '').digest('hex');

  it('deletes the links of a reminder dropped before it went out, so only the queued one has a live link', async () => {
    const rule = await addRule(a.tenantId, { type: 'BEFORE_APPOINTMENT', numberOfHours: 2, recipient: 'CLIENT', messageType: 'SMS', message: 'Soon: {feedback_url}' });
    const id = await scheduledTask(a, inDays(4));
    await put(a, id, { description: 'first edit' });
    await put(a, id, { description: 'second edit' });
    await put(a, id, { appointment: { date: inDays(5).toISOString() } });
    const [queued] = await outboxOf(id, rule);
    expect(queued?.body).toMatch(/^Soon: \S+\/app\/f\/[A-Za-z0-9_-]{43}$/);
    expect((await tokensOf(id)).map((token) => token.tokenHash)).toEqual([hashOf(queued?.body ?? '')]);

    expect((await postCancel(a, id)).status).toBe(200);
    expect(await tokensOf(id)).toEqual([]);
  });

  it('keeps the links of a reminder already tried once, since it may have arrived', async () => {
    const rule = await addRule(a.tenantId, { type: 'BEFORE_APPOINTMENT', numberOfHours: 2, recipient: 'CLIENT', messageType: 'SMS', message: 'Tried: {feedback_url}' });
    const id = await scheduledTask(a, inDays(4));
    await put(a, id, { description: 'plan it' });
    const [tried] = await outboxOf(id, rule);
    const db = await getDb();
    await db.update(outbox).set({ attempts: 1 }).where(eq(outbox.id, tried?.id ?? 0));
    await put(a, id, { appointment: { date: inDays(6).toISOString() } });
    // The other tests' reminder rules plan messages for this task too: each queued message has its one link.
    const queued = (await outboxOf(id)).filter((row) => row.body.includes('/app/f/'));
    const hashes = (await tokensOf(id)).map((token) => token.tokenHash).sort();
    expect(hashes).toEqual([tried?.body ?? '', ...queued.map((row) => row.body)].map(hashOf).sort());
  });

  it('leaves a reminder a delivery round is sending alone: a cancellation meanwhile neither drops it nor kills its link', async () => {
    const rule = await addRule(a.tenantId, { type: 'BEFORE_APPOINTMENT', numberOfHours: 2, recipient: 'CLIENT', messageType: 'SMS', message: 'Sending: {feedback_url}' });
    const id = await scheduledTask(a, inDays(4));
    await put(a, id, { description: 'plan it' });
    const [sending] = await outboxOf(id, rule);
    const db = await getDb();
    // What a delivery round's claim leaves on the row while the provider call is under way.
    const lease = new Date(Date.now() + 5 * 60_000);
    await db.update(outbox).set({ claimedUntil: lease, nextAttemptAt: lease }).where(eq(outbox.id, sending?.id ?? 0));
    expect((await postCancel(a, id)).status).toBe(200);
    expect((await outboxOf(id, rule)).map((row) => row.id)).toEqual([sending?.id]);
    expect((await tokensOf(id)).map((token) => token.tokenHash)).toContain(hashOf(sending?.body ?? ''));
  });
});

describe('ON_TASK_DELAY', () => {
  it('waits 15 minutes past the start and is dropped once the task is in progress', async () => {
    const rule = await addRule(a.tenantId, { type: 'ON_TASK_DELAY', recipient: 'WORKER', messageType: 'EMAIL', subject: 'Late {task_id}', message: 'Task {task_id} has not started' });
    const start = inDays(1);
    const id = await scheduledTask(a, start);
    await put(a, id, { description: 'touch' });
    const rows = await outboxOf(id, rule);
    expect(rows).toHaveLength(1);
    expect(rows[0].recipient).toBe(a.worker.username);
    expect(rows[0].nextAttemptAt.getTime()).toBe(start.getTime() + 15 * 60_000);
    await setStatus(a, [id], 2);
    expect(await outboxOf(id, rule)).toEqual([]);
  });
});

describe('links', () => {
  it('puts a feedback link whose token is stored only as its SHA-256 hash, for 30 days', async () => {
    const rule = await addRule(a.tenantId, { type: 'ON_TASK_STATUS_CHANGE', statusId: 4, recipient: 'CLIENT', messageType: 'EMAIL', subject: 'Done', message: 'Rate us: {feedback_url} {tracking_url}.' });
    const id = await scheduledTask(a, inDays(1), { statusId: 2 });
    expect((await setStatus(a, [id], 4)).body.updated).toEqual([id]);
    const [row] = await outboxOf(id, rule);
    const token = /\/app\/f\/([A-Za-z0-9_-]+) \.$/.exec(row.body)?.[1];
    expect(token, row.body).toBeDefined();
    const tokens = await tokensOf(id);
    // Without feature 7 the tracking placeholder stays empty and no tracking token exists.
    expect(tokens.map((t) => t.purpose)).toEqual(['FEEDBACK']);
    expect(tokens[0].tokenHash).toBe(createHash('sha256').update(token ?? '').digest('hex'));
    expect(tokens[0].tokenHash).not.toContain(token);
    expect(tokens[0].expires.getTime() - Date.now()).toBeGreaterThan(29 * 24 * hourMs);
  });

  it('fills tracking_url only with feature 7', async () => {
    const b = await triggerCompany([Feature.trackingLink]);
    const rule = await addRule(b.tenantId, { type: 'ON_TASK_UPDATE', recipient: 'CLIENT', messageType: 'SMS', message: 'Follow: {tracking_url}' });
    const id = await scheduledTask(b, inDays(2));
    await put(b, id, { appointment: { date: inDays(3).toISOString() } });
    const [row] = await outboxOf(id, rule);
    const token = /\/app\/t\/([A-Za-z0-9_-]+)$/.exec(row.body)?.[1];
    expect(token, row.body).toBeDefined();
    const [stored] = await tokensOf(id);
    expect(stored).toMatchObject({ purpose: 'TRACKING', tokenHash: createHash('sha256').update(token ?? '').digest('hex') });
  });
});
