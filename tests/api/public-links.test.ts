import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as feedbackLink, PUT as feedback } from '@/app/api/web/tasks/feedback/route';
import { GET as tracking } from '@/app/api/web/tasks/tracking/route';
import { GET as calendar } from '@/app/api/web/tasks/tracking/ics/route';
import { POST as reschedule } from '@/app/api/web/tasks/tracking/reschedule/route';
import { outbox, taskAccessTokens, taskNotes, taskTypes, tasks, tenants, users } from '@/db/schema';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import {
  preferredTimePastMessage,
  publicLinkMessages,
  type FeedbackLinkView,
  type TrackingView,
} from '@/lib/contract/public-links';
import { TaskStatus } from '@/lib/contract/statuses';
import { getDb } from '@/lib/server/core/db';
import { createTaskLink, type TaskLinkPurpose } from '@/lib/server/messaging/links/tokens';
import { createCompany } from './setup/fixtures';
import { codesOf, messagesOf, type ApiErrorBody } from '@/lib/contract/errors';
import { call } from './setup/http';
import { seedTask } from './tasks/helpers';

type ErrorBody = ApiErrorBody;

async function company() {
  const db = await getDb();
  const created = await createCompany();
  const [type] = await db.insert(taskTypes).values({ tenantId: created.tenantId, name: 'Repair' }).returning({ id: taskTypes.id });
  await db.update(users).set({ name: 'Marta', lat: '45.4642', lng: '9.19' }).where(eq(users.id, created.worker.id));
  return { ...created, typeId: type.id };
}
type Company = Awaited<ReturnType<typeof company>>;

let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([company(), company()]);
});

const start = new Date('2030-03-04T09:30:00.000Z');

async function openTask(owner: Company, values: Partial<typeof tasks.$inferInsert> = {}) {
  return seedTask(owner.tenantId, {
    typeId: owner.typeId,
    title: 'Boiler service',
    assigneeId: owner.worker.id,
    appointmentDate: start,
    durationMins: 90,
    locationAddress: 'Via Roma 1, Milano',
    ...values,
  });
}

async function link(owner: Company, taskId: number, purpose: TaskLinkPurpose): Promise<string> {
  const db = await getDb();
  const url = await createTaskLink(db, { tenantId: owner.tenantId, taskId, purpose });
  return url.split('/').at(-1) ?? '';
}

const rate = (token: string, rating: unknown, feedbackComment?: string) =>
  call(feedback, { method: 'PUT', json: { token, rating, feedbackComment } });
const track = (token: string) => call(tracking, { query: { token } });

describe('task links', () => {
  it('puts 256 random bits in the URL and keeps only their SHA-256 hash', async () => {
    const db = await getDb();
    const taskId = await openTask(a);
    const url = await createTaskLink(db, { tenantId: a.tenantId, taskId, purpose: 'FEEDBACK' });
    expect(url).toMatch(/\/app\/f\/[A-Za-z0-9_-]{43}$/);
    const token = url.split('/').at(-1) ?? '';
    const rows = await db.select().from(taskAccessTokens).where(eq(taskAccessTokens.taskId, taskId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expires.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});

describe('PUT tasks/feedback', () => {
  it('stores the rating and comment on the task once; the spent link answers 404 with the failure text', async () => {
    const db = await getDb();
    const taskId = await openTask(a);
    const token = await link(a, taskId, 'FEEDBACK');
    expect((await rate(token, 3.5, 'Quick and tidy')).status).toBe(200);
    const [task] = await db.select({ rating: tasks.rating, comment: tasks.feedbackComment }).from(tasks).where(eq(tasks.id, taskId));
    expect(task).toEqual({ rating: 3.5, comment: 'Quick and tidy' });
    const again = await rate(token, 1);
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error).toMatchObject({ code: 'publicLink.feedbackUnavailable', message: publicLinkMessages.feedbackFailed });
    const [after] = await db.select({ rating: tasks.rating }).from(tasks).where(eq(tasks.id, taskId));
    expect(after.rating).toBe(3.5);
  });

  it('accepts 0.5 to 5 in half steps only, and a comment up to 1000 characters', async () => {
    const taskId = await openTask(a);
    const token = await link(a, taskId, 'FEEDBACK');
    for (const wrong of [0, 0.25, 3.3, 5.5, -1, '4']) expect((await rate(token, wrong)).status, String(wrong)).toBe(400);
    const halfStep = (await (await rate(token, 3.3)).json()) as ErrorBody;
    expect(halfStep.error.fields?.rating).toEqual([{ code: 'publicLink.ratingStep', params: {}, message: 'The rating goes in half steps.' }]);
    expect((await rate(token, 2, 'x'.repeat(1001))).status).toBe(400);
    expect((await rate(token, 0.5, 'x'.repeat(1000))).status).toBe(200);
  });

  it('answers 404 to an unknown token, a tracking token and an expired one', async () => {
    const db = await getDb();
    const taskId = await openTask(a);
    expect((await rate('no-such-token', 4)).status).toBe(404);
    expect((await rate(await link(a, taskId, 'TRACKING'), 4)).status).toBe(404);
    const expired = await link(a, taskId, 'FEEDBACK');
    await db.update(taskAccessTokens).set({ expires: new Date(Date.now() - 1000) }).where(eq(taskAccessTokens.taskId, taskId));
    expect((await rate(expired, 4)).status).toBe(404);
  });
});

describe('GET tasks/feedback', () => {
  const read = (token: string) => call(feedbackLink, { query: { token } });

  it('answers an open link with nothing given yet, and after the feedback with the rating and comment given', async () => {
    const taskId = await openTask(a);
    const token = await link(a, taskId, 'FEEDBACK');
    const before = await read(token);
    expect(before.status).toBe(200);
    expect((await before.json()) as FeedbackLinkView).toEqual({ given: false, rating: null, feedbackComment: null });
    expect((await rate(token, 4.5, '  Friendly and on time ')).status).toBe(200);
    const after = await read(token);
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('no-store');
    // Only what the link's holder gave: nothing else of the task (title, address, worker) rides along.
    expect((await after.json()) as FeedbackLinkView).toEqual({ given: true, rating: 4.5, feedbackComment: 'Friendly and on time' });
  });

  it('answers a feedback given without a comment with a null comment', async () => {
    const token = await link(a, await openTask(a), 'FEEDBACK');
    expect((await rate(token, 2)).status).toBe(200);
    expect(await (await read(token)).json()).toEqual({ given: true, rating: 2, feedbackComment: null });
  });

  it('answers 404 with the failure text to an unknown, tracking or expired token and to a deleted task', async () => {
    const db = await getDb();
    const taskId = await openTask(a);
    const unknown = await read('no-such-token');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error).toMatchObject({ code: 'publicLink.feedbackUnavailable', message: publicLinkMessages.feedbackFailed });
    expect((await read(await link(a, taskId, 'TRACKING'))).status).toBe(404);
    const expired = await link(a, taskId, 'FEEDBACK');
    await db.update(taskAccessTokens).set({ expires: new Date(Date.now() - 1000) }).where(eq(taskAccessTokens.taskId, taskId));
    expect((await read(expired)).status).toBe(404);
    const deletedTask = await openTask(a);
    const given = await link(a, deletedTask, 'FEEDBACK');
    expect((await rate(given, 3)).status).toBe(200);
    await db.update(tasks).set({ deleted: new Date() }).where(eq(tasks.id, deletedTask));
    expect((await read(given)).status).toBe(404);
  });
});

describe('GET tasks/tracking', () => {
  it('answers the title, the appointment and the task location; nothing of the worker while the task is pending', async () => {
    const taskId = await openTask(a, { locationLatitude: 45.07, locationLongitude: 7.68 });
    const response = await track(await link(a, taskId, 'TRACKING'));
    expect(response.status).toBe(200);
    expect((await response.json()) as TrackingView).toEqual({
      taskTitle: 'Boiler service',
      latLng: { lat: 45.07, lng: 7.68 },
      latLngSource: 'task',
      appointmentDate: start.toISOString(),
      durationMins: 90,
      workerFirstName: null,
    });
  });

  it('answers 404 with the failure text once the task is completed, cancelled or deleted, and to a feedback token', async () => {
    const db = await getDb();
    for (const change of [
      { statusId: TaskStatus.completed },
      { statusId: TaskStatus.cancelled, cancelled: new Date() },
      { deleted: new Date() },
    ]) {
      const taskId = await openTask(a);
      const token = await link(a, taskId, 'TRACKING');
      expect((await track(token)).status).toBe(200);
      await db.update(tasks).set(change).where(eq(tasks.id, taskId));
      const response = await track(token);
      expect(response.status, JSON.stringify(change)).toBe(404);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: 'publicLink.trackingUnavailable', message: publicLinkMessages.trackingFailed });
    }
    expect((await track(await link(a, await openTask(a), 'FEEDBACK'))).status).toBe(404);
  });

  it('never reaches another tenant: a token row naming a task of another tenant answers 404', async () => {
    const db = await getDb();
    const foreignTask = await openTask(b);
    const token = 'cross-tenant-token';
    // The composite foreign key refuses the row outright, so a token can only ever name a task of its own tenant.
    await expect(
      db.insert(taskAccessTokens).values({
        tenantId: a.tenantId,
        taskId: foreignTask,
        purpose: 'TRACKING',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expires: new Date(Date.now() + 86_400_000),
      }),
    ).rejects.toThrow();
    expect((await track(token)).status).toBe(404);
  });
});

describe('GET tasks/tracking/ics', () => {
  it('answers a calendar file with one VEVENT in UTC', async () => {
    const taskId = await openTask(a, { title: 'Boiler, annual; check' });
    const response = await call(calendar, { query: { token: await link(a, taskId, 'TRACKING') } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain(`UID:task-${taskId}@localhost`);
    expect(lines).toContain('DTSTART:20300304T093000Z');
    expect(lines).toContain('DTEND:20300304T110000Z');
    expect(lines).toContain('SUMMARY:Boiler\\, annual\\; check');
    expect(lines).toContain('LOCATION:Via Roma 1\\, Milano');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('answers 404 for an unscheduled or completed task', async () => {
    const db = await getDb();
    const unscheduled = await openTask(a, { appointmentDate: null });
    expect((await call(calendar, { query: { token: await link(a, unscheduled, 'TRACKING') } })).status).toBe(404);
    const done = await openTask(a);
    const token = await link(a, done, 'TRACKING');
    await db.update(tasks).set({ statusId: TaskStatus.completed }).where(eq(tasks.id, done));
    expect((await call(calendar, { query: { token } })).status).toBe(404);
  });
});

describe('POST tasks/tracking/reschedule', () => {
  it('adds an authorless note to the task and queues one e-mail per owner, and limits a link to three an hour', async () => {
    const db = await getDb();
    const taskId = await openTask(a);
    const token = await link(a, taskId, 'TRACKING');
    const ask = () =>
      call(reschedule, { method: 'POST', json: { token, preferredTime: '2030-03-05T14:30', message: 'Afternoon, please' } });
    expect((await ask()).status).toBe(200);
    const notes = await db.select().from(taskNotes).where(eq(taskNotes.taskId, taskId));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ tenantId: a.tenantId, authorId: null });
    expect(notes[0].note).toContain('2030-03-05T14:30');
    expect(notes[0].note).toContain('Afternoon, please');
    const mails = await db.select().from(outbox).where(eq(outbox.taskId, taskId));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ tenantId: a.tenantId, channel: 'EMAIL', recipient: a.owner.username, status: 'PENDING' });
    expect(mails[0].body).toContain('Afternoon, please');
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    expect(await db.select().from(taskNotes).where(eq(taskNotes.taskId, taskId))).toHaveLength(3);
  });

  it('refuses a bad time, and answers 404 once the task is completed', async () => {
    const db = await getDb();
    const taskId = await openTask(a);
    const token = await link(a, taskId, 'TRACKING');
    const badTime = await call(reschedule, { method: 'POST', json: { token, preferredTime: 'tomorrow' } });
    expect(badTime.status).toBe(400);
    expect(codesOf(((await badTime.json()) as ErrorBody).error.fields)).toEqual({ preferredTime: ['validation.format', 'publicLink.preferredTimeInvalid'] });
    const noSuchDay = await call(reschedule, { method: 'POST', json: { token, preferredTime: '2031-02-31T10:00' } });
    expect(codesOf(((await noSuchDay.json()) as ErrorBody).error.fields)).toEqual({ preferredTime: ['publicLink.preferredTimeInvalid'] });
    await db.update(tasks).set({ statusId: TaskStatus.completed }).where(eq(tasks.id, taskId));
    expect((await call(reschedule, { method: 'POST', json: { token, preferredTime: '2030-03-05T14:30' } })).status).toBe(404);
    expect(await db.select().from(outbox).where(eq(outbox.taskId, taskId))).toHaveLength(0);
  });
});

describe('POST tasks/tracking/reschedule: a time already past', () => {
  /** The picker's value ('YYYY-MM-DDTHH:mm') for an instant, on the company's clock. */
  const pickerValue = (instant: Date, timeZone: string) => {
    const { date, time } = zonedDateAndTime(instant, timeZone);
    return `${date}T${time}`;
  };

  it('refuses, with 400 and a clear message, a time already gone by on the company clock; sends nothing', async () => {
    const db = await getDb();
    const taskId = await openTask(b);
    const token = await link(b, taskId, 'TRACKING');
    const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, b.tenantId));
    for (const preferredTime of ['2020-01-10T10:00', pickerValue(new Date(Date.now() - 5 * 60_000), tenant.timeZone)]) {
      const response = await call(reschedule, { method: 'POST', json: { token, preferredTime } });
      expect(response.status, preferredTime).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.message).toBe(preferredTimePastMessage);
      expect(messagesOf(body.error.fields)).toEqual({ preferredTime: [preferredTimePastMessage] });
      expect(codesOf(body.error.fields)).toEqual({ preferredTime: ['publicLink.preferredTimePast'] });
    }
    expect(await db.select().from(taskNotes).where(eq(taskNotes.taskId, taskId))).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.taskId, taskId))).toHaveLength(0);
  });

  it("reads the time on the company's clock: UTC's wall clock an hour from now is already past in Tokyo", async () => {
    const db = await getDb();
    const company = await createCompany();
    await db.update(tenants).set({ timeZone: 'Asia/Tokyo' }).where(eq(tenants.id, company.tenantId));
    const [type] = await db.insert(taskTypes).values({ tenantId: company.tenantId, name: 'Repair' }).returning({ id: taskTypes.id });
    const taskId = await seedTask(company.tenantId, { typeId: type.id, title: 'Tokyo visit', appointmentDate: start });
    const token = await link({ ...company, typeId: type.id }, taskId, 'TRACKING');
    const inAnHour = new Date(Date.now() + 3_600_000);
    // Tokyo's own wall clock an hour from now is a time to come...
    expect((await call(reschedule, { method: 'POST', json: { token, preferredTime: pickerValue(inAnHour, 'Asia/Tokyo') } })).status).toBe(200);
    // ...while UTC's wall clock an hour from now, read in Tokyo (nine hours ahead), was eight hours ago.
    expect((await call(reschedule, { method: 'POST', json: { token, preferredTime: pickerValue(inAnHour, 'UTC') } })).status).toBe(400);
  });

  it('refuses a day the calendar does not have', async () => {
    const token = await link(b, await openTask(b), 'TRACKING');
    const response = await call(reschedule, { method: 'POST', json: { token, preferredTime: '2031-02-31T10:00' } });
    expect(response.status).toBe(400);
  });
});
