import { describe, it, expect, beforeAll } from 'vitest';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  accounts,
  billingStatuses,
  cancellationReasons,
  clients,
  customFields,
  features,
  taskLogs,
  taskStatuses,
  taskTimeline,
  taskTypes,
  tasks,
  tenantFeatures,
  taskReferenceCounters,
  tenants,
  timeSlots,
  users,
  workingHoursTemplates,
  zones,
} from '@/db/schema';
import { seedIfEmpty, seedLargeTenant } from '@/db/seed';
import { demoPassword } from '@/db/seed/people';
import { verifyPassword } from '@/lib/server/people/auth/password';
import { getDb, type Db } from '@/lib/server/core/db';

let db: Db;
let firstRun: boolean;
let demoId: number;
let otherId: number;

async function tenantIdNamed(name: string): Promise<number> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.displayName, name));
  return row.id;
}

async function countWhere(table: typeof tasks | typeof users, tenantId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(eq(table.tenantId, tenantId));
  return row.value;
}

beforeAll(async () => {
  db = await getDb();
  firstRun = await seedIfEmpty(db);
  demoId = await tenantIdNamed('Demo Services');
  otherId = await tenantIdNamed('Other Co');
});

describe('seedIfEmpty on a fresh database', () => {
  it('creates the demo tenants and the reference data', async () => {
    expect(firstRun).toBe(true);
    const rows = await db.select().from(tenants).orderBy(asc(tenants.id));
    expect(rows.map((tenant) => [tenant.displayName, tenant.demo, tenant.timeZone])).toEqual([
      ['Demo Services', true, 'Europe/Rome'],
      ['Other Co', true, 'Europe/Rome'],
    ]);
    expect((await db.select().from(features)).map((feature) => feature.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const statuses = await db.select().from(taskStatuses).orderBy(asc(taskStatuses.id));
    expect(statuses.map((status) => status.color)).toEqual(['blue', 'orange', 'violet', 'green', 'red']);
    const billing = await db.select().from(billingStatuses).orderBy(asc(billingStatuses.id));
    expect(billing.map((status) => status.color)).toEqual(['blue', 'violet', 'lime', 'gray']);
    const enabled = await db.select().from(tenantFeatures).where(eq(tenantFeatures.tenantId, demoId));
    expect(enabled.map((row) => row.featureId).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('creates the demo logins with their roles and the shared password', async () => {
    const people = await db.select().from(users).orderBy(asc(users.id));
    const byName = new Map(people.map((person) => [person.username, person]));
    const owner = byName.get('owner@demo.test');
    expect(owner).toMatchObject({ tenantId: demoId, owner: true, tasksManager: true, usersManager: true, billingManager: true });
    expect(byName.get('dispatcher@demo.test')).toMatchObject({ tasksManager: true, owner: false, usersManager: false });
    expect(byName.get('people@demo.test')).toMatchObject({ usersManager: true, tasksManager: false });
    expect(byName.get('billing@demo.test')).toMatchObject({ billingManager: true, tasksManager: false });
    for (let index = 1; index <= 8; index += 1) {
      const worker = byName.get(`worker${index}@demo.test`);
      expect(worker, `worker${index}`).toMatchObject({ tenantId: demoId, assignee: true, active: true });
      expect(worker?.workingHoursTemplateId).not.toBeNull();
    }
    expect(byName.get('owner@other.test')).toMatchObject({ tenantId: otherId, owner: true });
    expect(people).toHaveLength(13);

    const credentials = await db.select().from(accounts).where(eq(accounts.providerId, 'credential'));
    expect(credentials).toHaveLength(13);
    const ownerAccount = credentials.find((account) => account.userId === owner?.id);
    expect(ownerAccount?.accountId).toBe(String(owner?.id));
    expect(await verifyPassword(ownerAccount?.password ?? '', demoPassword)).toBe(true);
  });

  it('gives the demo tenant its catalogue', async () => {
    const tenantCount = async (table: typeof taskTypes | typeof clients | typeof timeSlots | typeof zones) =>
      (await db.select({ value: count() }).from(table).where(eq(table.tenantId, demoId)))[0].value;
    expect(await tenantCount(taskTypes)).toBe(10);
    expect(await tenantCount(clients)).toBe(30);
    expect(await tenantCount(timeSlots)).toBeGreaterThan(0);
    expect(await tenantCount(zones)).toBeGreaterThan(0);
    const reasons = await db.select().from(cancellationReasons).where(eq(cancellationReasons.tenantId, demoId));
    expect(reasons.map((reason) => reason.name).sort()).toEqual(['Client cancelled', 'Client no show', 'Duplicate', 'Other']);
    const fields = await db.select().from(customFields).where(eq(customFields.tenantId, demoId));
    expect(fields).toHaveLength(3);
    expect(new Set(fields.map((field) => field.fieldType)).size).toBe(3);
    expect(fields.map((field) => field.requiredType)).toEqual(expect.arrayContaining(['ON_SAVE', 'ON_COMPLETION']));
    const templates = await db.select().from(workingHoursTemplates).where(eq(workingHoursTemplates.tenantId, demoId));
    expect(templates.length).toBeGreaterThan(0);
  });

  it('creates 200 demo tasks in every status and placement', async () => {
    const rows = await db.select().from(tasks).where(eq(tasks.tenantId, demoId));
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((task) => task.statusId))).toEqual(new Set([1, 2, 3, 4, 5]));
    const live = rows.filter((task) => task.statusId !== 5);
    expect(live.some((task) => task.appointmentDate === null)).toBe(true);
    expect(live.some((task) => task.appointmentDate !== null && task.assigneeId === null)).toBe(true);
    expect(live.some((task) => task.assigneeId !== null)).toBe(true);

    for (const task of rows.filter((row) => row.statusId === 5)) {
      expect(task.cancelled).not.toBeNull();
      expect(task.cancellationReasonId).not.toBeNull();
    }
    for (const task of rows.filter((row) => row.assigneeId !== null)) expect(task.appointmentDate).not.toBeNull();

    const now = Date.now();
    const day = 86_400_000;
    for (const task of rows.filter((row) => row.appointmentDate !== null)) {
      const start = task.appointmentDate?.getTime() ?? 0;
      expect(Math.abs(start - now)).toBeLessThan(16 * day);
      expect((start / 60_000) % 15, 'starts on a 15-minute step').toBe(0);
    }

    const numbers = rows.map((task) => task.referenceNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    const [counter] = await db.select().from(taskReferenceCounters).where(eq(taskReferenceCounters.tenantId, demoId));
    expect(counter.nextReferenceNumber).toBeGreaterThan(200);
  });

  it('writes the log and the timeline that explain each task', async () => {
    const [created] = await db
      .select({ value: count() })
      .from(taskLogs)
      .where(and(eq(taskLogs.tenantId, demoId), eq(taskLogs.action, 'task_created')));
    expect(created.value).toBe(200);
    const [latest] = await db
      .select({ timeline: sql<Date>`max(${taskTimeline.created})`, log: sql<Date>`max(${taskLogs.created})` })
      .from(taskTimeline)
      .innerJoin(taskLogs, eq(taskLogs.taskId, taskTimeline.taskId))
      .where(eq(taskTimeline.tenantId, demoId));
    expect(new Date(latest.timeline).getTime(), 'no history in the future').toBeLessThanOrEqual(Date.now());
    expect(new Date(latest.log).getTime(), 'no history in the future').toBeLessThanOrEqual(Date.now());
    const completed = await db
      .select({ id: tasks.id, completedAt: tasks.completedAt })
      .from(tasks)
      .where(and(eq(tasks.tenantId, demoId), eq(tasks.statusId, 4)));
    expect(completed.length).toBeGreaterThan(0);
    for (const task of completed) {
      expect(task.completedAt).not.toBeNull();
      const steps = await db
        .select({ statusId: taskTimeline.statusId })
        .from(taskTimeline)
        .where(eq(taskTimeline.taskId, task.id))
        .orderBy(asc(taskTimeline.created), asc(taskTimeline.id));
      expect(steps[0].statusId).toBe(1);
      expect(steps.map((step) => step.statusId)).toContain(2);
      expect(steps[steps.length - 1].statusId).toBe(4);
    }
  });

  it('keeps the second tenant apart', async () => {
    expect(await countWhere(tasks, otherId)).toBeGreaterThan(0);
    expect(await countWhere(users, otherId)).toBe(1);
    const crossTenant = await db
      .select({ value: count() })
      .from(tasks)
      .leftJoin(taskTypes, eq(taskTypes.id, tasks.typeId))
      .leftJoin(clients, eq(clients.id, tasks.clientId))
      .leftJoin(users, eq(users.id, tasks.assigneeId))
      .where(
        sql`${taskTypes.tenantId} <> ${tasks.tenantId} or ${clients.tenantId} <> ${tasks.tenantId} or ${users.tenantId} <> ${tasks.tenantId}`,
      );
    expect(crossTenant[0].value).toBe(0);
  });

  it("refuses a task that points at another tenant's client", async () => {
    const [otherClient] = await db.select({ id: clients.id }).from(clients).where(eq(clients.tenantId, otherId)).limit(1);
    const [demoType] = await db.select({ id: taskTypes.id }).from(taskTypes).where(eq(taskTypes.tenantId, demoId)).limit(1);
    await expect(
      db.insert(tasks).values({
        tenantId: demoId,
        referenceNumber: 999_999,
        title: 'Cross-tenant',
        typeId: demoType.id,
        clientId: otherClient.id,
      }),
    ).rejects.toThrow();
  });

  it('does not seed twice', async () => {
    const before = await db.select({ value: count() }).from(tasks);
    expect(await seedIfEmpty(db)).toBe(false);
    const after = await db.select({ value: count() }).from(tasks);
    expect(after[0].value).toBe(before[0].value);
    expect(await db.select().from(tenants)).toHaveLength(2);
  });
});

describe('seedLargeTenant', () => {
  it('builds Bench Co in batches and tops it up to the requested size', async () => {
    const first = await seedLargeTenant(db, 1_500);
    expect(first.inserted).toBe(1_500);
    const second = await seedLargeTenant(db, 2_500);
    expect(second).toEqual({ tenantId: first.tenantId, inserted: 1_000 });
    expect(await countWhere(tasks, first.tenantId)).toBe(2_500);
    const [numbers] = await db
      .select({ low: sql<number>`min(${tasks.referenceNumber})::int`, high: sql<number>`max(${tasks.referenceNumber})::int` })
      .from(tasks)
      .where(eq(tasks.tenantId, first.tenantId));
    expect(numbers).toEqual({ low: 1, high: 2_500 });
    const [unscheduled] = await db
      .select({ value: count() })
      .from(tasks)
      .where(and(eq(tasks.tenantId, first.tenantId), isNull(tasks.appointmentDate)));
    expect(unscheduled.value).toBeGreaterThan(0);
    const [assigned] = await db
      .select({ value: count() })
      .from(tasks)
      .where(and(eq(tasks.tenantId, first.tenantId), isNotNull(tasks.assigneeId)));
    expect(assigned.value).toBeGreaterThan(1_000);
    expect(await seedLargeTenant(db, 2_000)).toEqual({ tenantId: first.tenantId, inserted: 0 });
  });
});
