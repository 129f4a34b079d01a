import { and, count, eq, isNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as uploadCsv } from '@/app/api/web/clients/upload/csv/route';
import { clients } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { call } from '../setup/http';
import { companyWithSessions } from './helpers';

let company: Awaited<ReturnType<typeof companyWithSessions>>;

/** 1,500 lines: written 1,000 rows to a statement, so line 1,400 fails in the second statement. */
const failingName = 'Client import BOOM';
const lines = Array.from({ length: 1500 }, (_, index) => [index + 2 === 1400 ? failingName : `Atomic client ${index + 2}`]);
const text = Papa.unparse({ fields: ['displayName'], data: lines }, { newline: '\r\n' });

beforeAll(async () => {
  company = await companyWithSessions();
  const db = await getDb();
  // A real failure inside the database, as a full disk or a lost connection would give, on one client of the file.
  await db.execute(sql`create or replace function fail_on_client_boom() returns trigger language plpgsql as $$
    begin
      if new.display_name = 'Client import BOOM' then raise exception 'simulated failure'; end if;
      return new;
    end $$`);
  await db.execute(sql`drop trigger if exists clients_fail_on_boom on clients`);
  await db.execute(sql`create trigger clients_fail_on_boom before insert on clients for each row execute function fail_on_client_boom()`);
});

async function liveClientCount(tenantId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(clients)
    .where(and(eq(clients.tenantId, tenantId), isNull(clients.deleted)));
  return row.value;
}

function upload(accept?: string) {
  const form = new FormData();
  form.set('csvFile', new File([text], 'clients.csv', { type: 'text/csv' }));
  return call(uploadCsv, {
    method: 'POST',
    path: '/api/web/clients/upload/csv',
    body: form,
    cookie: company.cookies.owner,
    headers: accept ? { accept } : {},
  });
}

describe('POST clients/upload/csv: a failure while writing', () => {
  it('writes every line in one transaction: a failure on one leaves none of them', async () => {
    const response = await upload();
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('request.internal');
    expect(await liveClientCount(company.tenantId)).toBe(0);
  });

  it('tells a streaming client that nothing was imported', async () => {
    const response = await upload('application/x-ndjson');
    const last = (await response.text()).trim().split('\n').at(-1) ?? '';
    expect(JSON.parse(last)).toEqual({
      type: 'error',
      importId: expect.stringMatching(/^[0-9a-f]{16}$/),
      error: { code: 'request.internal', message: 'An error occurred. Please try again.' },
      processed: 1500,
      importedCount: 0,
    });
    expect(await liveClientCount(company.tenantId)).toBe(0);
  });
});
