import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { POST as importClients } from '@/app/api/web/clients/upload/csv/route';
import { clients, tasks } from '@/db/schema';
import type { CsvImportResult } from '@/lib/contract/csv-import';
import { getDb, queryRows } from '@/lib/server/core/db';
import { call } from '../setup/http';
import { taskCompany, type TaskCompany } from '../tasks/helpers';
import { csvForm, csvText, importCsv, streamedLines, upload } from '../tasks/import-helpers';

let a: TaskCompany;
let b: TaskCompany;

/**
 * 600 task lines WITHOUT an external reference, told apart only by their title: batch 1 is lines 2-501, batch 2
 * lines 502-601. While the fault is armed, the task of line 552 makes the database fail, as a server dying mid-import
 * would: batch 1 stays, batch 2 is rolled back.
 */
const titles = Array.from({ length: 600 }, (_, index) => `Resume visit ${index + 2}`);
const text = csvText(['taskType', 'title'], titles.map((title) => ['Survey', title]));

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
  const db = await getDb();
  await db.execute(sql`create table import_fault (armed boolean not null)`);
  await db.execute(sql`create function fail_armed_import() returns trigger language plpgsql security definer as $$
    begin
      if new.title = 'Resume visit 552' and exists (select 1 from import_fault where armed) then
        raise exception 'simulated failure';
      end if;
      return new;
    end $$`);
  await db.execute(sql`create trigger tasks_fail_armed_import before insert on tasks for each row execute function fail_armed_import()`);
});

const setFault = async (armed: boolean) => {
  const db = await getDb();
  await db.execute(sql`delete from import_fault`);
  if (armed) await db.execute(sql`insert into import_fault values (true)`);
};

/** How many tasks of the tenant carry each title of the file. */
async function copiesByTitle(tenantId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ title: string; copies: number }>(
    await getDb(),
    sql`select title, count(*)::int as copies from tasks where tenant_id = ${tenantId} and title like 'Resume visit %' group by title`,
  );
  return new Map(rows.map((row) => [row.title, row.copies]));
}

async function expectEachTitleOnce(tenantId: number) {
  const copies = await copiesByTitle(tenantId);
  expect(copies.size).toBe(titles.length);
  expect([...copies.values()].every((value) => value === 1)).toBe(true);
}

describe('CSV import: a re-import after a crash never writes a line twice', () => {
  let importId = '';

  it('an import interrupted after its first batch names itself, and the same file again writes only the missing lines', async () => {
    await setFault(true);
    const stream = await streamedLines(await upload(text, { cookie: a.cookie, accept: 'application/x-ndjson' }));
    const stopped = stream.at(-1);
    expect(stopped).toMatchObject({ type: 'error', processed: 500 });
    importId = stopped?.type === 'error' ? stopped.importId : '';
    expect(importId).toMatch(/^[0-9a-f]{16}$/);
    expect(stream.every((line) => line.type !== 'progress' || line.importId === importId)).toBe(true);
    expect((await copiesByTitle(a.tenantId)).size).toBe(500);

    await setFault(false);
    const again = await importCsv(text, { cookie: a.cookie });
    expect(again).toMatchObject({ importId, processedRecordsCount: 600, importedCount: 100, alreadyImportedCount: 500, invalidCount: 0 });
    // The lines skipped as already imported are counted, not listed one by one.
    expect(again.lineErrors).toEqual({});
    await expectEachTitleOnce(a.tenantId);
  });

  it('a validation, and a third import, of the same file write nothing and say every line is already imported', async () => {
    const validated = await importCsv(text, { cookie: a.cookie, validateOnly: true });
    expect(validated).toMatchObject({ importId, importedCount: 0, alreadyImportedCount: 600 });
    const third = await importCsv(text, { cookie: a.cookie });
    expect(third).toMatchObject({ importId, importedCount: 0, alreadyImportedCount: 600 });
    await expectEachTitleOnce(a.tenantId);
  });

  it('a different file is another import and imports its lines', async () => {
    const other = csvText(['taskType', 'title'], [['Survey', 'Resume other 1'], ['Survey', 'Resume other 2']]);
    const result = await importCsv(other, { cookie: a.cookie });
    expect(result).toMatchObject({ importedCount: 2, alreadyImportedCount: 0 });
    expect(result.importId).not.toBe(importId);
  });

  it("another tenant importing the same file is not affected by the first tenant's import", async () => {
    const result = await importCsv(text, { cookie: b.cookie });
    expect(result).toMatchObject({ importedCount: 600, alreadyImportedCount: 0 });
    expect(result.importId).not.toBe(importId);
    await expectEachTitleOnce(b.tenantId);
  });

  it('two uploads of the same file at once write each line once', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => ['Survey', `Race visit ${index}`]);
    const raced = csvText(['taskType', 'title'], lines);
    const [first, second] = await Promise.all([importCsv(raced, { cookie: a.cookie }), importCsv(raced, { cookie: a.cookie })]);
    expect(first.importedCount + second.importedCount).toBe(40);
    expect(first.alreadyImportedCount + second.alreadyImportedCount).toBe(40);
    const db = await getDb();
    const [row] = await db
      .select({ value: count() })
      .from(tasks)
      .where(and(eq(tasks.tenantId, a.tenantId), like(tasks.title, 'Race visit %')));
    expect(row.value).toBe(40);
  });

  it('a client file imported again is recognised as the same import and its lines are skipped', async () => {
    const clientText = csvText(['displayName'], [['Resume client 1'], ['Resume client 2']]);
    const send = async () => {
      const response = await call(importClients, {
        method: 'POST',
        path: '/api/web/clients/upload/csv',
        body: csvForm(clientText, 'clients.csv'),
        cookie: a.cookie,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as CsvImportResult;
    };
    const first = await send();
    expect(first).toMatchObject({ importedCount: 2, alreadyImportedCount: 0 });
    const again = await send();
    expect(again).toMatchObject({ importId: first.importId, importedCount: 0, alreadyImportedCount: 2, alreadyExistsCount: 0 });
    const db = await getDb();
    const [row] = await db
      .select({ value: count() })
      .from(clients)
      .where(and(eq(clients.tenantId, a.tenantId), like(clients.displayName, 'Resume client %')));
    expect(row.value).toBe(2);
  });
});
