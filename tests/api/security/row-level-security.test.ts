import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { taskTypes, tasks } from '@/db/schema';
import { getDb, getTenantDb, queryRows, type Db } from '@/lib/server/core/db';
import { tenantRole } from '@/lib/server/core/tenant-scope';
import { route } from '@/lib/server/http/route';
import { createCompany } from '../setup/fixtures';
import { call, signIn } from '../setup/http';

/**
 * Defence in depth under the per-query tenant filters: PostgreSQL's row-level security keeps a tenant's calls to
 * its own rows even where a statement forgot `tenant_id = …` (migration 0011, lib/server/core/tenant-scope.ts).
 */

/** Tables that hold no tenant's data: shared reference lists and sign-in's own bookkeeping. */
const sharedTables = ['billing_statuses', 'features', 'rate_limits', 'task_statuses', 'verifications'];
/** Tables without a tenant_id column whose rows still belong to one tenant, through their user or themselves. */
const tenantTablesWithoutColumn = ['accounts', 'sessions', 'tenants'];

interface TableSecurity {
  table: string;
  hasTenantColumn: boolean;
  rowSecurity: boolean;
  forcedRowSecurity: boolean;
  appPolicies: number;
}

let system: Db;

beforeAll(async () => {
  system = await getDb();
});

async function tableSecurity(): Promise<TableSecurity[]> {
  return queryRows<TableSecurity>(
    system,
    sql`select c.relname as "table",
               exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as "hasTenantColumn",
               c.relrowsecurity as "rowSecurity", c.relforcerowsecurity as "forcedRowSecurity",
               (select count(*)::int from pg_policies p
                 where p.schemaname = 'public' and p.tablename = c.relname and ${tenantRole} = any(p.roles)) as "appPolicies"
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
         order by c.relname`,
  );
}

describe('the catalog: row-level security on every tenant table', () => {
  it('enables row-level security with a policy for the application role on every table that holds tenant data', async () => {
    const tables = await tableSecurity();
    const tenantTables = tables.filter((table) => table.hasTenantColumn || tenantTablesWithoutColumn.includes(table.table));
    expect(tenantTables.length).toBeGreaterThan(30);
    const unprotected = tenantTables.filter((table) => !table.rowSecurity || table.appPolicies === 0).map((table) => table.table);
    expect(unprotected).toEqual([]);
  });

  it('knows every other table as shared: a new table must be given a policy or be named here', async () => {
    const tables = await tableSecurity();
    const others = tables
      .filter((table) => !table.hasTenantColumn && !tenantTablesWithoutColumn.includes(table.table))
      .map((table) => table.table);
    expect(others).toEqual(sharedTables);
  });

  it('runs tenant calls as a role that is no superuser, cannot bypass row-level security and owns no table', async () => {
    const [role] = await queryRows<{ super: boolean; bypass: boolean; owned: number }>(
      system,
      sql`select r.rolsuper as super, r.rolbypassrls as bypass,
                 (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
            from pg_roles r where r.rolname = ${tenantRole}`,
    );
    expect(role).toEqual({ super: false, bypass: false, owned: 0 });
  });
});

describe.runIf(process.env.DATABASE_URL)('a tenant connection sees and changes only its tenant', () => {
  let tenantA: number;
  let tenantB: number;
  let ownerA: string;
  let taskOfB: number;
  let typeOfB: number;

  async function addTask(tenantId: number, title: string): Promise<{ id: number; typeId: number }> {
    const [type] = await system.insert(taskTypes).values({ tenantId, name: `Type ${title}` }).returning({ id: taskTypes.id });
    const [task] = await system
      .insert(tasks)
      .values({ tenantId, referenceNumber: Math.floor(Math.random() * 1e9), title, typeId: type.id })
      .returning({ id: tasks.id });
    return { id: task.id, typeId: type.id };
  }

  beforeAll(async () => {
    const a = await createCompany();
    const b = await createCompany();
    tenantA = a.tenantId;
    tenantB = b.tenantId;
    ownerA = a.owner.username;
    await addTask(tenantA, 'RLS task of A');
    const ofB = await addTask(tenantB, 'RLS task of B');
    taskOfB = ofB.id;
    typeOfB = ofB.typeId;
  });

  it('answers an unfiltered read with the tenant own rows only, as the application role', async () => {
    const db = await getTenantDb(tenantA);
    const [who] = await queryRows<{ role: string }>(db, sql`select current_user as role`);
    expect(who.role).toBe(tenantRole);
    const titles = await queryRows<{ title: string; tenantId: number }>(db, sql`select title, tenant_id as "tenantId" from tasks`);
    expect(titles.map((row) => row.title)).toContain('RLS task of A');
    expect(titles.filter((row) => row.tenantId !== tenantA)).toEqual([]);
    const users = await queryRows<{ tenantId: number }>(db, sql`select tenant_id as "tenantId" from users`);
    expect(new Set(users.map((row) => row.tenantId))).toEqual(new Set([tenantA]));
    const sessionsOfOthers = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from sessions s join users u on u.id = s.user_id where u.tenant_id <> ${tenantA}`,
    );
    expect(sessionsOfOthers[0].count).toBe(0);
  });

  it("changes none of another tenant's rows: an unfiltered update or delete passes them by", async () => {
    const db = await getTenantDb(tenantA);
    await db.execute(sql`update tasks set title = 'overwritten' where id = ${taskOfB}`);
    await db.execute(sql`delete from tasks where id = ${taskOfB}`);
    const [row] = await queryRows<{ title: string }>(system, sql`select title from tasks where id = ${taskOfB}`);
    expect(row.title).toBe('RLS task of B');
  });

  it("refuses to write a row into another tenant", async () => {
    const db = await getTenantDb(tenantA);
    const attempt = db.insert(tasks).values({ tenantId: tenantB, referenceNumber: 424242, title: 'planted', typeId: typeOfB });
    await expect(attempt).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });

  it('keeps each checkout to its own tenant when tenants and the system share the pool at once', async () => {
    const readsOf = async (db: Db) => queryRows<{ tenants: number[] }>(db, sql`select array(select distinct tenant_id from tasks order by 1) as tenants`);
    const dbA = await getTenantDb(tenantA);
    const dbB = await getTenantDb(tenantB);
    const rounds = await Promise.all(
      Array.from({ length: 30 }, (_, index) => [dbA, dbB, system][index % 3]).map(async (db) => ({ db, rows: await readsOf(db) })),
    );
    for (const { db, rows } of rounds) {
      if (db === dbA) expect(rows[0].tenants).toEqual([tenantA]);
      else if (db === dbB) expect(rows[0].tenants).toEqual([tenantB]);
      else expect(rows[0].tenants).toEqual(expect.arrayContaining([tenantA, tenantB]));
    }
  });

  it('runs an API call under its caller tenant: a handler that forgot its tenant filter still sees one tenant', async () => {
    const cookie = await signIn(ownerA);
    const forgetsItsFilter = route({}, async ({ ctx }) => queryRows<{ tenantId: number }>(ctx.db, sql`select distinct tenant_id as "tenantId" from tasks`));
    const response = await call(forgetsItsFilter, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ tenantId: tenantA }]);
  });

  it('keeps sign-in records out of reach of tenant calls', async () => {
    const db = await getTenantDb(tenantA);
    await expect(db.execute(sql`select count(*) from verifications`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42501' }),
    });
  });
});
