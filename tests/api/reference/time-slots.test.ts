import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/time-slot/route';
import { DELETE as remove, GET as read, PUT as update } from '@/app/api/web/time-slot/[id]/route';
import { timeSlots } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { TimeSlotView } from '@/lib/contract/time-slots';
import { getDb } from '@/lib/server/core/db';
import { expectTenantIsolation } from '../setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;
let noSlots: Company;

const createSlot = (cookie: string, json: unknown) => expectOk<TimeSlotView>(create, { method: 'POST', cookie, json });
const post = (json: unknown) => ({ method: 'POST', cookie: a.cookies.owner, json });
const slot = (nameTimeSlot: string, startTimeSlot: string, endTimeSlot: string) => ({ nameTimeSlot, startTimeSlot, endTimeSlot });

beforeAll(async () => {
  [a, b, noSlots] = await Promise.all([
    companyWithSessions([Feature.timeSlots]),
    companyWithSessions([Feature.timeSlots]),
    companyWithSessions(),
  ]);
});

describe('POST and GET time-slot', () => {
  it('creates slots with HH:mm:ss times and lists them in the order of the day', async () => {
    const afternoon = await createSlot(a.cookies.usersManager, slot('Afternoon', '14:00', '18:00:00'));
    expect(afternoon).toEqual({ id: expect.any(Number), nameTimeSlot: 'Afternoon', startTimeSlot: '14:00:00', endTimeSlot: '18:00:00', deleted: null });
    await createSlot(a.cookies.billingManager, slot('Morning', '08:00:00', '12:30:00'));
    const listed = await expectOk<TimeSlotView[]>(list, { cookie: a.cookies.tasksManager });
    expect(listed.map((row) => [row.nameTimeSlot, row.startTimeSlot, row.endTimeSlot])).toEqual([
      ['Morning', '08:00:00', '12:30:00'],
      ['Afternoon', '14:00:00', '18:00:00'],
    ]);
  });

  it('answers 400 for a missing name, start or end, a malformed time, and an end not later than the start', async () => {
    const missing = await expectError(create, post({ nameTimeSlot: '' }), 400, 'request.invalid');
    expect(codesOf(missing.fields)).toEqual({
      nameTimeSlot: ['validation.required'],
      startTimeSlot: ['validation.required'],
      endTimeSlot: ['validation.required'],
    });
    expect(messagesOf(missing.fields)).toEqual({
      nameTimeSlot: ['Name is required'],
      startTimeSlot: ['Start time is required'],
      endTimeSlot: ['End time is required'],
    });
    const malformed = await expectError(create, post(slot('Bad', '24:00', '8:00')), 400, 'request.invalid');
    expect(messagesOf(malformed.fields)).toEqual({ startTimeSlot: ['Time must be HH:mm:ss'], endTimeSlot: ['Time must be HH:mm:ss'] });
    expect(codesOf(malformed.fields)).toEqual({ startTimeSlot: ['timeSlots.timeInvalid'], endTimeSlot: ['timeSlots.timeInvalid'] });
    for (const [start, end] of [['10:00', '10:00:00'], ['10:00', '09:59:59']]) {
      const error = await expectError(create, post(slot('Backwards', start, end)), 400, 'request.invalid');
      expect(messagesOf(error.fields)).toEqual({ endTimeSlot: ['End time must be later than start time'] });
      expect(codesOf(error.fields)).toEqual({ endTimeSlot: ['timeSlots.endBeforeStart'] });
    }
  });

  it('answers 409 on a name already taken, ignoring case, and frees the name of a deleted slot', async () => {
    const first = await createSlot(a.cookies.owner, slot('Evening', '18:00', '21:00'));
    const error = await expectError(create, post(slot('EVENING ', '19:00', '22:00')), 409, 'timeSlots.nameTaken');
    expect(error.message).toBe('A time slot with this name already exists.');
    expect(messagesOf(error.fields)).toEqual({ nameTimeSlot: ['A time slot with this name already exists.'] });
    expect(codesOf(error.fields)).toEqual({ nameTimeSlot: ['timeSlots.nameTaken'] });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: first.id } });
    await createSlot(a.cookies.owner, slot('evening', '19:00', '22:00'));
    await createSlot(b.cookies.owner, slot('Evening', '18:00', '21:00'));
  });
});

describe('PUT time-slot/{id}', () => {
  it('updates the slot, answers 409 on another live name and 400 when the end comes first', async () => {
    const lunch = await createSlot(a.cookies.owner, slot('Lunch', '12:00', '14:00'));
    await createSlot(a.cookies.owner, slot('Night', '22:00', '23:59'));
    const updated = await expectOk<TimeSlotView>(update, { method: 'PUT', cookie: a.cookies.usersManager, params: { id: lunch.id }, json: slot('Lunchtime', '12:30', '14:30') });
    expect(updated).toMatchObject({ id: lunch.id, nameTimeSlot: 'Lunchtime', startTimeSlot: '12:30:00', endTimeSlot: '14:30:00' });
    const clash = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: lunch.id }, json: slot('NIGHT', '12:00', '14:00') }, 409, 'timeSlots.nameTaken');
    expect(clash.message).toBe('A time slot with this name already exists.');
    const backwards = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: lunch.id }, json: slot('Lunchtime', '15:00', '14:00') }, 400, 'request.invalid');
    expect(messagesOf(backwards.fields)).toEqual({ endTimeSlot: ['End time must be later than start time'] });
    expect(codesOf(backwards.fields)).toEqual({ endTimeSlot: ['timeSlots.endBeforeStart'] });
  });
});

describe('GET time-slot/{id}', () => {
  it('answers one live slot to every manager, also without feature 3, and 404 once it is deleted', async () => {
    const dawn = await createSlot(a.cookies.owner, slot('Dawn', '05:00', '06:30'));
    for (const cookie of [a.cookies.owner, a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager]) {
      expect(await expectOk<TimeSlotView>(read, { cookie, params: { id: dawn.id } })).toEqual(dawn);
    }
    await expectError(read, { cookie: a.cookies.worker, params: { id: dawn.id } }, 403, 'auth.forbidden');
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: dawn.id } });
    await expectError(read, { cookie: a.cookies.owner, params: { id: dawn.id } }, 404, 'timeSlots.notFound');
    const db = await getDb();
    const [kept] = await db
      .insert(timeSlots)
      .values({ tenantId: noSlots.tenantId, name: 'Kept', startTime: '09:00:00', endTime: '10:00:00' })
      .returning({ id: timeSlots.id });
    expect(await expectOk<TimeSlotView>(read, { cookie: noSlots.cookies.owner, params: { id: kept.id } })).toMatchObject({ nameTimeSlot: 'Kept' });
    // The feature test below reads this tenant's list whole.
    await db.delete(timeSlots).where(eq(timeSlots.id, kept.id));
  });
});

describe('DELETE time-slot/{id}', () => {
  it('hides the slot from the list and refuses to edit it afterwards', async () => {
    const early = await createSlot(a.cookies.owner, slot('Early', '06:00', '07:00'));
    const deleted = await expectOk<TimeSlotView>(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: early.id } });
    expect(deleted.deleted).toEqual(expect.any(String));
    const listed = await expectOk<TimeSlotView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(early.id);
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: early.id }, json: slot('Early', '06:00', '07:00') }, 404, 'timeSlots.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: early.id } }, 404, 'timeSlots.notFound');
  });
});

describe('time-slot access', () => {
  it('needs feature 3 for writes, while reading stays open so existing tasks can show their slot', async () => {
    const db = await getDb();
    const [kept] = await db
      .insert(timeSlots)
      .values({ tenantId: noSlots.tenantId, name: 'From before', startTime: '09:00:00', endTime: '10:00:00' })
      .returning({ id: timeSlots.id });
    const listed = await expectOk<TimeSlotView[]>(list, { cookie: noSlots.cookies.owner });
    expect(listed.map((row) => row.nameTimeSlot)).toEqual(['From before']);
    const body = slot('From before', '09:00', '11:00');
    const error = await expectError(create, { method: 'POST', cookie: noSlots.cookies.owner, json: body }, 403, 'tenant.featureDisabled');
    expect(error.message).toBe('This feature is not enabled for your company.');
    await expectError(update, { method: 'PUT', cookie: noSlots.cookies.owner, params: { id: kept.id }, json: body }, 403, 'tenant.featureDisabled');
    await expectError(remove, { method: 'DELETE', cookie: noSlots.cookies.owner, params: { id: kept.id } }, 403, 'tenant.featureDisabled');
  });

  it('lets owner, usersManager and billingManager write; a tasksManager only reads; a worker gets 403', async () => {
    const guarded = await createSlot(a.cookies.owner, slot('Guarded', '07:00', '08:00'));
    const body = slot('Guarded', '07:00', '08:00');
    const error = await expectError(list, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect(error.message).toBe(forbiddenMessage);
    await expectError(create, { method: 'POST', cookie: a.cookies.tasksManager, json: { ...body, nameTimeSlot: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, { method: 'PUT', cookie: a.cookies.tasksManager, params: { id: guarded.id }, json: body }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: guarded.id } }, 403, 'auth.forbidden');
    await expectError(create, { method: 'POST', cookie: a.cookies.worker, json: { ...body, nameTimeSlot: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, { method: 'PUT', cookie: a.cookies.worker, params: { id: guarded.id }, json: body }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.worker, params: { id: guarded.id } }, 403, 'auth.forbidden');
    await expectOk(update, { method: 'PUT', cookie: a.cookies.billingManager, params: { id: guarded.id }, json: body });
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: 999_999 }, json: slot('Nowhere', '01:00', '02:00') }, 404, 'timeSlots.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: '1.5' } }, 400, 'request.invalid');
  });

  it("GET, PUT and DELETE time-slot/{id}: another tenant's id answers 404", async () => {
    const tenantB = await createSlot(b.cookies.owner, slot('Tenant B slot', '10:00', '11:00'));
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: read, method: 'GET', params: { id: tenantB.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: tenantB.id }, json: slot('Tenant B slot', '10:00', '12:00'), ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: tenantB.id }, ...cookies });
    const listedByA = await expectOk<TimeSlotView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(tenantB.id);
  });
});
