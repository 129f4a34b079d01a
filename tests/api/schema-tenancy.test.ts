import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taskNotes, taskTypes, tasks, users, workerUnavailability, workingHoursTemplates } from '@/db/schema';
import { getDb, type Db } from '@/lib/server/core/db';
import { createTenant, createUser, type TestUser } from './setup/fixtures';

let db: Db;
let tenantId: number;
let ownUser: TestUser;
let foreignUser: TestUser;
let typeId: number;
let reference = 0;

/** The driver's error (pg or PGlite), under Drizzle's wrapper when there is one. */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { cause?: unknown };
  return (wrapped.cause ?? error) as { code?: string; constraint?: string };
}

/** Resolves when the promise fails with a foreign-key violation on the named constraint. */
async function expectForeignKeyViolation(action: Promise<unknown>, constraint: string): Promise<void> {
  const error = await action.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, 'the database accepted the row').toBeDefined();
  expect(databaseError(error)).toMatchObject({ code: '23503', constraint });
}

async function insertTask(assigneeId: number | null) {
  reference += 1;
  const [task] = await db
    .insert(tasks)
    .values({ tenantId, referenceNumber: reference, title: `Task ${reference}`, typeId, assigneeId })
    .returning({ id: tasks.id });
  return task;
}

beforeAll(async () => {
  db = await getDb();
  tenantId = await createTenant();
  const otherTenantId = await createTenant();
  ownUser = await createUser(tenantId, { assignee: true });
  foreignUser = await createUser(otherTenantId, { assignee: true });
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Repair' }).returning({ id: taskTypes.id });
  typeId = type.id;
});

describe("references to users stay inside the row's tenant", () => {
  it('accepts a task assigned to a user of its own tenant', async () => {
    const task = await insertTask(ownUser.id);
    expect(task.id).toBeGreaterThan(0);
  });

  it("refuses a task assigned to another tenant's user", async () => {
    await expectForeignKeyViolation(insertTask(foreignUser.id), 'tasks_assignee_fk');
  });

  it("refuses moving a task onto another tenant's user", async () => {
    const task = await insertTask(null);
    await expectForeignKeyViolation(
      db.update(tasks).set({ assigneeId: foreignUser.id }).where(eq(tasks.id, task.id)),
      'tasks_assignee_fk',
    );
  });

  it("refuses a note written by another tenant's user, and accepts one by its own", async () => {
    const task = await insertTask(null);
    await expectForeignKeyViolation(
      db.insert(taskNotes).values({ tenantId, taskId: task.id, note: 'Cross-tenant', authorId: foreignUser.id }),
      'task_notes_author_fk',
    );
    const [note] = await db
      .insert(taskNotes)
      .values({ tenantId, taskId: task.id, note: 'Same tenant', authorId: ownUser.id })
      .returning({ id: taskNotes.id });
    expect(note.id).toBeGreaterThan(0);
  });

  it('refuses a user whose working-hours template belongs to another tenant', async () => {
    const [template] = await db
      .insert(workingHoursTemplates)
      .values({ tenantId: foreignUser.tenantId, name: 'Other hours' })
      .returning({ id: workingHoursTemplates.id });
    await expectForeignKeyViolation(
      db.update(users).set({ workingHoursTemplateId: template.id }).where(eq(users.id, ownUser.id)),
      'users_working_hours_template_fk',
    );
  });

  it("still removes a user's own rows with the user", async () => {
    const leaving = await createUser(tenantId, { assignee: true });
    await db.insert(workerUnavailability).values({ tenantId, userId: leaving.id, dateUnavailability: '2026-03-02' });
    await db.delete(users).where(eq(users.id, leaving.id));
    const left = await db.select().from(workerUnavailability).where(eq(workerUnavailability.userId, leaving.id));
    expect(left).toHaveLength(0);
  });
});
