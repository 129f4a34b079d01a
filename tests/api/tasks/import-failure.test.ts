import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { taskLogs } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { taskCompany, type TaskCompany } from './helpers';
import { csvText, nextReferenceNumber, streamedLines, taskByReference, taskCount, upload } from './import-helpers';

let company: TaskCompany;

/** 600 lines: batch 1 is lines 2-501, batch 2 lines 502-601; line 552 makes the database fail mid-batch. */
const lines = Array.from({ length: 600 }, (_, index) => [`ROW-${index + 2}`, 'Survey', index + 2 === 552 ? 'BOOM' : '']);
const text = csvText(['externalReference', 'taskType', 'description'], lines);

beforeAll(async () => {
  company = await taskCompany();
  const db = await getDb();
  // A real failure inside the database, as a full disk or a lost connection would give, on one task of batch 2.
  await db.execute(sql`create function fail_on_boom() returns trigger language plpgsql as $$
    begin
      if new.description = 'BOOM' then raise exception 'simulated failure'; end if;
      return new;
    end $$`);
  await db.execute(sql`create trigger tasks_fail_on_boom before insert on tasks for each row execute function fail_on_boom()`);
});

async function logCount(tenantId: number) {
  const db = await getDb();
  const [row] = await db.select({ value: count() }).from(taskLogs).where(eq(taskLogs.tenantId, tenantId));
  return row.value;
}

describe('POST tasks/upload/csv: a failure while writing', () => {
  it('rolls the failing batch back whole, keeps the batches before it, and stops', async () => {
    const before = { tasks: await taskCount(company.tenantId), next: await nextReferenceNumber(company.tenantId) };
    const response = await upload(text, { cookie: company.cookie });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('request.internal');

    expect(await taskCount(company.tenantId)).toBe(before.tasks + 500);
    expect(await nextReferenceNumber(company.tenantId)).toBe(before.next + 500);
    expect(await logCount(company.tenantId)).toBe(500);
    expect(await taskByReference(company.tenantId, 'ROW-501')).toBeDefined();
    for (const reference of ['ROW-502', 'ROW-551', 'ROW-553', 'ROW-601']) {
      expect(await taskByReference(company.tenantId, reference)).toBeUndefined();
    }
  });

  it('tells a streaming client where it stopped; a retry skips the lines already imported', async () => {
    const response = await upload(text, { cookie: company.cookie, accept: 'application/x-ndjson' });
    const stream = await streamedLines(response);
    const importId = stream[0]?.type === 'progress' ? stream[0].importId : '';
    expect(importId).toMatch(/^[0-9a-f]{16}$/);
    expect(stream.at(-2)).toEqual({ type: 'progress', importId, processed: 500, total: 600 });
    expect(stream.at(-1)).toEqual({
      type: 'error',
      importId,
      error: { code: 'request.internal', message: 'An error occurred. Please try again.' },
      processed: 500,
      importedCount: 0,
    });
    expect(await taskByReference(company.tenantId, 'ROW-502')).toBeUndefined();
    expect(await logCount(company.tenantId)).toBe(500);
  });
});
