import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/notification/route';
import { DELETE as remove, GET as read, PUT as update } from '@/app/api/web/notification/[id]/route';
import { PATCH as disable } from '@/app/api/web/notification/[id]/disable/route';
import { PATCH as enable } from '@/app/api/web/notification/[id]/enable/route';
import type { NotificationView } from '@/lib/contract/notifications';
import { expectTenantIsolation } from './setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const rule = (numberOfHours: number) => ({
  type: 'BEFORE_APPOINTMENT',
  numberOfHours,
  recipient: 'WORKER',
  messageType: 'SMS',
  message: `Task {task_id} in ${numberOfHours} hours`,
});
const createRule = (company: Company, numberOfHours: number) =>
  expectOk<NotificationView>(create, { method: 'POST', cookie: company.cookies.owner, json: rule(numberOfHours) });
const patch = (cookie: string, id: number) => ({ method: 'PATCH', cookie, params: { id } });

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
});

describe('PATCH notification/{id}/enable and /disable', () => {
  it('disables and enables the rule, the list showing the state; repeating a call changes nothing', async () => {
    const created = await createRule(a, 1);
    expect(created.isDisabled).toBe(false);
    expect((await expectOk<NotificationView>(disable, patch(a.cookies.owner, created.id))).isDisabled).toBe(true);
    expect((await expectOk<NotificationView>(disable, patch(a.cookies.owner, created.id))).isDisabled).toBe(true);
    const listed = await expectOk<NotificationView[]>(list, { cookie: a.cookies.owner });
    expect(listed.find((row) => row.id === created.id)?.isDisabled).toBe(true);
    expect((await expectOk<NotificationView>(enable, patch(a.cookies.usersManager, created.id))).isDisabled).toBe(false);
    expect((await expectOk<NotificationView>(read, { cookie: a.cookies.owner, params: { id: created.id } })).isDisabled).toBe(false);
  });

  it('answers 404 for a deleted rule and a missing id', async () => {
    const created = await createRule(a, 2);
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: created.id } });
    await expectError(enable, patch(a.cookies.owner, created.id), 404, 'notification.notFound');
    await expectError(disable, patch(a.cookies.owner, created.id), 404, 'notification.notFound');
    await expectError(enable, patch(a.cookies.owner, 999_999), 404, 'notification.notFound');
  });
});

describe('notification access', () => {
  it('lets owner, usersManager and billingManager make every call', async () => {
    for (const [index, role] of (['owner', 'usersManager', 'billingManager'] as const).entries()) {
      const cookie = a.cookies[role];
      const hours = 10 + index;
      const created = await expectOk<NotificationView>(create, { method: 'POST', cookie, json: rule(hours) });
      expect((await expectOk<NotificationView[]>(list, { cookie })).map((row) => row.id)).toContain(created.id);
      await expectOk(read, { cookie, params: { id: created.id } });
      await expectOk(update, { method: 'PUT', cookie, params: { id: created.id }, json: { ...rule(hours), message: 'Changed' } });
      await expectOk(disable, patch(cookie, created.id));
      await expectOk(enable, patch(cookie, created.id));
      await expectOk(remove, { method: 'DELETE', cookie, params: { id: created.id } });
    }
  });

  it('answers 403 to a tasksManager and a worker on every call, and 401 without a session', async () => {
    const target = await createRule(a, 3);
    for (const cookie of [a.cookies.tasksManager, a.cookies.worker]) {
      const error = await expectError(list, { cookie }, 403, 'auth.forbidden');
      expect(error.message).toBe(forbiddenMessage);
      await expectError(create, { method: 'POST', cookie, json: rule(4) }, 403, 'auth.forbidden');
      await expectError(read, { cookie, params: { id: target.id } }, 403, 'auth.forbidden');
      await expectError(update, { method: 'PUT', cookie, params: { id: target.id }, json: rule(3) }, 403, 'auth.forbidden');
      await expectError(remove, { method: 'DELETE', cookie, params: { id: target.id } }, 403, 'auth.forbidden');
      await expectError(enable, patch(cookie, target.id), 403, 'auth.forbidden');
      await expectError(disable, patch(cookie, target.id), 403, 'auth.forbidden');
    }
    await expectError(list, { cookie: '' }, 401, 'auth.unauthorized');
    expect((await expectOk<NotificationView>(read, { cookie: a.cookies.owner, params: { id: target.id } })).deleted).toBeNull();
  });

  it('answers 400 for a malformed id', async () => {
    await expectError(read, { cookie: a.cookies.owner, params: { id: 'abc' } }, 400, 'request.invalid');
  });

  it("every notification/{id} route: another tenant's id answers 404, and its list does not show it", async () => {
    const tenantB = await createRule(b, 5);
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    const params = { id: tenantB.id };
    await expectTenantIsolation({ handler: read, params, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params, json: rule(6), ...cookies });
    await expectTenantIsolation({ handler: disable, method: 'PATCH', params, ...cookies });
    await expectTenantIsolation({ handler: enable, method: 'PATCH', params, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params, ...cookies });
    const listedByA = await expectOk<NotificationView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(tenantB.id);
  });
});
