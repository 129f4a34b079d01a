import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as me } from '@/app/api/web/users/me/route';
import { PATCH as preferredColumns } from '@/app/api/web/users/preferredTaskColumns/route';
import { users } from '@/db/schema';
import { orderColumns, parsePreferredColumns, serializeColumns } from '@/lib/client/tasks/columns';
import { customFieldColumnKey, taskColumnKeys } from '@/lib/contract/task-columns';
import { getDb } from '@/lib/server/core/db';
import { createCompany } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import { messagesOf, type ApiErrorBody } from '@/lib/contract/errors';

let company: Awaited<ReturnType<typeof createCompany>>;
let cookie: string;

beforeAll(async () => {
  company = await createCompany();
  cookie = await signIn(company.owner.username);
});

const save = (preferredTaskColumns: string) => call(preferredColumns, { method: 'PATCH', cookie, json: { preferredTaskColumns } });

async function storedColumns(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ columns: users.preferredTaskColumns }).from(users).where(eq(users.id, company.owner.id));
  return row.columns;
}

async function fieldErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error.code).toBe('request.invalid');
  for (const problem of Object.values(body.error.fields ?? {}).flat()) {
    expect(problem.code).toBe('task.unknownColumn');
    expect(problem.message).toBe(`Unknown column: ${problem.params.column}`);
  }
  return messagesOf(body.error.fields);
}

describe('PATCH users/preferredTaskColumns', () => {
  it('stores only the task list column ids, and refuses any other with a 400 whose field error names it', async () => {
    expect((await save('id,type,client,customField12')).status).toBe(200);
    expect(await storedColumns()).toBe('id,type,client,customField12');

    const reported = await save('id,type,NaN');
    expect(reported.status).toBe(400);
    expect(await fieldErrors(reported)).toEqual({ preferredTaskColumns: ['Unknown column: NaN'] });

    const several = await save('id,type,NaN, __proto__,customField0,customField1x,status,NaN');
    expect(several.status).toBe(400);
    expect(await fieldErrors(several)).toEqual({
      preferredTaskColumns: [
        'Unknown column: NaN',
        'Unknown column: __proto__',
        'Unknown column: customField0',
        'Unknown column: customField1x',
      ],
    });
    expect(await storedColumns(), 'the earlier choice is kept').toBe('id,type,client,customField12');
  });

  it("round-trips the screen's own choice: every column the chooser offers is saved and shown again after a reload", async () => {
    const known = [...taskColumnKeys, customFieldColumnKey(7)];
    const chosen = ['rating', customFieldColumnKey(7), 'billingStatus', 'title'];
    expect((await save(serializeColumns(chosen))).status).toBe(200);
    const profile = await call(me, { cookie });
    const { preferredTaskColumns } = (await profile.json()) as { preferredTaskColumns: string | null };
    expect(parsePreferredColumns(preferredTaskColumns, known)).toEqual(orderColumns(['id', 'type', ...chosen], known));
    expect((await save(serializeColumns(taskColumnKeys))).status).toBe(200);
  });
});
