import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/notification/route';
import { DELETE as remove, GET as read, PUT as update } from '@/app/api/web/notification/[id]/route';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { NotificationView } from '@/lib/contract/notifications';
import { companyWithSessions, expectError, expectOk } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let tracking: Company;

const reminder = {
  type: 'BEFORE_APPOINTMENT',
  numberOfHours: 24,
  recipient: 'CLIENT',
  messageType: 'EMAIL',
  subject: 'Your appointment',
  message: 'Dear {name} {surname}, see you at {appointment}.',
};
const post = (json: unknown, cookie = a.cookies.owner) => ({ method: 'POST', cookie, json });
const put = (id: number, json: unknown, cookie = a.cookies.owner) => ({ method: 'PUT', cookie, params: { id }, json });
const createRule = (json: unknown, cookie = a.cookies.owner) => expectOk<NotificationView>(create, post(json, cookie));
const fieldsOf = async (json: unknown) => messagesOf((await expectError(create, post(json), 400, 'request.invalid')).fields);
const codesFor = async (json: unknown) => codesOf((await expectError(create, post(json), 400, 'request.invalid')).fields);

beforeAll(async () => {
  [a, tracking] = await Promise.all([companyWithSessions(), companyWithSessions([Feature.trackingLink])]);
});

describe('POST notification', () => {
  it('stores a before-appointment e-mail rule with name, surname and contact_number prefixed after the recipient', async () => {
    const created = await createRule({ ...reminder, message: 'Hi {name} {surname}, call {contact_number} about {task_type} {task_id}.' });
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'BEFORE_APPOINTMENT',
      numberOfHours: 24,
      statusId: null,
      recipient: 'CLIENT',
      notificationRecipient: 'CLIENT',
      messageType: 'EMAIL',
      subject: 'Your appointment',
      message: 'Hi {client_name} {client_surname}, call {client_contact_number} about {task_type} {task_id}.',
      isDisabled: false,
      deleted: null,
    });
    const forWorker = await createRule({
      type: 'ON_TASK_UPDATE',
      recipient: 'WORKER',
      messageType: 'SMS',
      message: '{name}: task {task_id} at {task_location} changed; client {client_name}.',
    });
    // A prefix the sender already wrote follows the recipient too, so a rule never names the other party's fields.
    expect(forWorker.message).toBe('{worker_name}: task {task_id} at {task_location} changed; client {worker_name}.');
    expect(await expectOk<NotificationView>(read, { cookie: a.cookies.owner, params: { id: created.id } })).toEqual(created);
  });

  it('keeps hours, status and subject only where they belong, and makes the message one line', async () => {
    const delay = await createRule({
      type: 'ON_TASK_DELAY',
      numberOfHours: 5,
      statusId: 2,
      recipient: 'CLIENT',
      messageType: 'SMS',
      subject: 'ignored',
      message: '  Running late,\r\nsorry {name}.\n ',
    });
    expect(delay).toMatchObject({ numberOfHours: null, statusId: null, subject: null, message: 'Running late, sorry {client_name}.' });
    const statusChange = await createRule({
      type: 'ON_TASK_STATUS_CHANGE',
      numberOfHours: 3,
      statusId: 4,
      recipient: 'CLIENT',
      messageType: 'EMAIL',
      subject: ' Task completed ',
      message: 'Rate us: {feedback_url}',
    });
    expect(statusChange).toMatchObject({ numberOfHours: null, statusId: 4, subject: 'Task completed' });
  });

  it('names every missing required field', async () => {
    expect(await fieldsOf({})).toEqual({
      type: ['Type is required'],
      recipient: ['Recipient is required'],
      messageType: ['Message type is required'],
      message: ['Message is required'],
    });
    expect(await fieldsOf({ ...reminder, numberOfHours: null, subject: '  ', message: ' ' })).toEqual({
      numberOfHours: ['Number of hours is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    expect(await fieldsOf({ ...reminder, type: 'ON_TASK_STATUS_CHANGE' })).toEqual({ statusId: ['Status is required'] });
    expect(await codesFor({ ...reminder, numberOfHours: null, subject: '  ', message: ' ' })).toEqual({
      numberOfHours: ['notification.hoursRequired'],
      subject: ['notification.subjectRequired'],
      message: ['validation.required'],
    });
    expect(await codesFor({ ...reminder, type: 'ON_TASK_STATUS_CHANGE' })).toEqual({ statusId: ['notification.statusRequired'] });
  });

  it('refuses values outside their lists and ranges', async () => {
    expect(await fieldsOf({ ...reminder, type: 'WEEKLY', recipient: 'BOSS', messageType: 'FAX' })).toEqual({
      type: ['Type is invalid'],
      recipient: ['Recipient is invalid'],
      messageType: ['Message type is invalid'],
    });
    for (const numberOfHours of [0, 25, 1.5, '3']) {
      expect(await fieldsOf({ ...reminder, numberOfHours })).toEqual({
        numberOfHours: ['Number of hours must be a whole number between 1 and 24'],
      });
    }
    for (const statusId of [0, 6, '2']) {
      expect(await fieldsOf({ ...reminder, type: 'ON_TASK_STATUS_CHANGE', statusId })).toEqual({ statusId: ['Status is invalid'] });
    }
    const outOfRange = await expectError(create, post({ ...reminder, numberOfHours: 25 }), 400, 'request.invalid');
    expect(outOfRange.fields?.numberOfHours).toEqual([
      { code: 'notification.hoursRange', params: { min: 1, max: 24 }, message: 'Number of hours must be a whole number between 1 and 24' },
    ]);
    expect(await codesFor({ ...reminder, type: 'ON_TASK_STATUS_CHANGE', statusId: 6 })).toEqual({ statusId: ['notification.statusInvalid'] });
  });

  it('limits an e-mail subject to 25 characters and the message to 1000', async () => {
    expect(await fieldsOf({ ...reminder, subject: 'x'.repeat(26) })).toEqual({ subject: ['Subject must be at most 25 characters'] });
    const long = await expectError(create, post({ ...reminder, subject: 'x'.repeat(26) }), 400, 'request.invalid');
    expect(long.fields?.subject).toEqual([{ code: 'notification.subjectTooLong', params: { max: 25 }, message: 'Subject must be at most 25 characters' }]);
    const atLimit = await createRule({ ...reminder, numberOfHours: 23, subject: 'x'.repeat(25) });
    expect(atLimit.subject).toHaveLength(25);
    expect(await fieldsOf({ ...reminder, message: 'x'.repeat(1001) })).toEqual({ message: ['Message must be at most 1000 characters'] });
    const longMessage = await expectError(create, post({ ...reminder, message: 'x'.repeat(1001) }), 400, 'request.invalid');
    expect(longMessage.fields?.message).toEqual([{ code: 'validation.tooLong', params: { max: 1000 }, message: 'Message must be at most 1000 characters' }]);
  });

  it('names each unknown placeholder, also a prefix on a placeholder that takes none', async () => {
    expect(await fieldsOf({ ...reminder, message: 'Hi {nickname}, task {client_task_id} {nickname} {}' })).toEqual({
      message: ['Unknown placeholder {nickname}', 'Unknown placeholder {client_task_id}', 'Unknown placeholder {}'],
    });
    const unknown = await expectError(create, post({ ...reminder, message: 'Hi {nickname}' }), 400, 'request.invalid');
    expect(unknown.fields?.message).toEqual([{ code: 'notification.unknownPlaceholder', params: { token: 'nickname' }, message: 'Unknown placeholder {nickname}' }]);
  });

  it('refuses tracking_url without feature 7 and accepts it with the feature', async () => {
    const withTracking = { ...reminder, message: 'Follow us: {tracking_url}' };
    expect(await fieldsOf(withTracking)).toEqual({ message: ['The {tracking_url} placeholder needs the tracking link feature'] });
    expect(await codesFor(withTracking)).toEqual({ message: ['notification.trackingNeedsFeature'] });
    const accepted = await createRule(withTracking, tracking.cookies.owner);
    expect(accepted.message).toBe('Follow us: {tracking_url}');
  });
});

describe('one live rule per trigger, recipient and message type', () => {
  it('answers 409 for the same type and hours, recipient and message type, and frees it once deleted', async () => {
    const first = await createRule({ ...reminder, numberOfHours: 2 });
    const clash = await expectError(create, post({ ...reminder, numberOfHours: 2, subject: 'Other', message: 'Other' }), 409, 'notification.duplicate');
    expect(clash.message).toBe('A notification with the same type, timing, recipient and message type already exists.');
    // Any one difference makes another rule.
    await createRule({ ...reminder, numberOfHours: 3 });
    await createRule({ ...reminder, numberOfHours: 2, recipient: 'WORKER' });
    await createRule({ ...reminder, numberOfHours: 2, messageType: 'SMS' });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: first.id } });
    await createRule({ ...reminder, numberOfHours: 2 });
  });

  it('compares status-change rules by status, and counts disabled rules', async () => {
    const paused = { type: 'ON_TASK_STATUS_CHANGE', statusId: 3, recipient: 'WORKER', messageType: 'SMS', message: 'Paused' };
    const created = await createRule(paused);
    const { PATCH: disable } = await import('@/app/api/web/notification/[id]/disable/route');
    await expectOk(disable, { method: 'PATCH', cookie: a.cookies.owner, params: { id: created.id } });
    await expectError(create, post(paused), 409, 'notification.duplicate');
    await createRule({ ...paused, statusId: 5 });
  });

  it('answers 409 when a PUT would make a rule like another one, but not for the rule itself', async () => {
    const one = await createRule({ ...reminder, numberOfHours: 10 });
    const other = await createRule({ ...reminder, numberOfHours: 11 });
    const clash = await expectError(update, put(other.id, { ...reminder, numberOfHours: 10 }), 409, 'notification.duplicate');
    expect(clash.message).toBe('A notification with the same type, timing, recipient and message type already exists.');
    const same = await expectOk<NotificationView>(update, put(one.id, { ...reminder, numberOfHours: 10, subject: 'New subject' }));
    expect(same.subject).toBe('New subject');
  });
});

describe('PUT notification/{id}', () => {
  it('changes the rule, prefixing after the new recipient, and keeps its enabled state', async () => {
    const rule = await createRule({ ...reminder, numberOfHours: 12 });
    const { PATCH: disable } = await import('@/app/api/web/notification/[id]/disable/route');
    await expectOk(disable, { method: 'PATCH', cookie: a.cookies.owner, params: { id: rule.id } });
    const changed = await expectOk<NotificationView>(
      update,
      put(rule.id, { ...reminder, numberOfHours: 6, recipient: 'WORKER', messageType: 'SMS', message: rule.message }),
    );
    expect(changed).toMatchObject({
      id: rule.id,
      type: 'BEFORE_APPOINTMENT',
      numberOfHours: 6,
      recipient: 'WORKER',
      notificationRecipient: 'WORKER',
      messageType: 'SMS',
      subject: null,
      message: 'Dear {worker_name} {worker_surname}, see you at {appointment}.',
      isDisabled: true,
    });
  });

  it('refuses to change the type', async () => {
    const rule = await createRule({ ...reminder, numberOfHours: 13 });
    const error = await expectError(update, put(rule.id, { ...reminder, type: 'ON_TASK_UPDATE' }), 400, 'request.invalid');
    expect(messagesOf(error.fields)).toEqual({ type: ['The type of a notification cannot be changed'] });
    expect(codesOf(error.fields)).toEqual({ type: ['notification.typeFixed'] });
    expect((await expectOk<NotificationView>(read, { cookie: a.cookies.owner, params: { id: rule.id } })).type).toBe('BEFORE_APPOINTMENT');
  });

  it('validates like POST, tracking_url included', async () => {
    const rule = await createRule({ ...reminder, numberOfHours: 14 });
    const error = await expectError(update, put(rule.id, { ...reminder, numberOfHours: 30, message: '{tracking_url}' }), 400, 'request.invalid');
    expect(messagesOf(error.fields)).toEqual({ numberOfHours: ['Number of hours must be a whole number between 1 and 24'] });
    const tracked = await expectError(update, put(rule.id, { ...reminder, numberOfHours: 14, message: '{tracking_url}' }), 400, 'request.invalid');
    expect(messagesOf(tracked.fields)).toEqual({ message: ['The {tracking_url} placeholder needs the tracking link feature'] });
    expect(codesOf(tracked.fields)).toEqual({ message: ['notification.trackingNeedsFeature'] });
  });
});

describe('DELETE notification/{id}', () => {
  it('soft-deletes: the answer carries the date, the list and GET forget it, and it cannot be edited again', async () => {
    const rule = await createRule({ ...reminder, numberOfHours: 15 });
    const deleted = await expectOk<NotificationView>(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: rule.id } });
    expect(deleted.deleted).toEqual(expect.any(String));
    const listed = await expectOk<NotificationView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(rule.id);
    await expectError(read, { cookie: a.cookies.owner, params: { id: rule.id } }, 404, 'notification.notFound');
    await expectError(update, put(rule.id, { ...reminder, numberOfHours: 15 }), 404, 'notification.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: rule.id } }, 404, 'notification.notFound');
  });
});

describe('GET notification', () => {
  it('lists the live rules by type in the spec order, then by hours', async () => {
    const listed = await expectOk<NotificationView[]>(list, { cookie: a.cookies.owner });
    const order = ['BEFORE_APPOINTMENT', 'ON_TASK_STATUS_CHANGE', 'ON_TASK_UPDATE', 'ON_TASK_DELAY'];
    const types = listed.map((row) => order.indexOf(row.type));
    expect(types).toEqual([...types].sort((x, y) => x - y));
    const hours = listed.filter((row) => row.type === 'BEFORE_APPOINTMENT').map((row) => row.numberOfHours ?? 0);
    expect(hours).toEqual([...hours].sort((x, y) => x - y));
    expect(listed.every((row) => row.deleted === null)).toBe(true);
  });
});
