import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { clearAttempts, takeAttempt } from '@/lib/server/core/rate-limit';
import { getDb, queryRows, type Db, type Tx } from '@/lib/server/core/db';
import { tenantRole } from '@/lib/server/core/tenant-scope';

/**
 * What the role of every tenant's calls (fieldops_app) may do outside row-level security: read the shared
 * catalogues, and count sign-in attempts only through the limiter's functions (migration 0014). Each statement runs
 * in a transaction switched to that role, which works alike on PostgreSQL and on PGlite (one user, no tenant pool).
 */

let system: Db;

beforeAll(async () => {
  system = await getDb();
});

class RolledBack extends Error {}

/** Runs `work` as the tenant role, then rolls back whatever it did. */
async function asAppRole<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await system
    .transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${tenantRole}, true)`);
      result = await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result as T;
}

/** The PostgreSQL error code a statement fails with as the tenant role, or 'ok'. */
async function outcomeAsAppRole(statement: SQL): Promise<string> {
  try {
    await asAppRole((tx) => tx.execute(statement));
    return 'ok';
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
    return (cause as { code?: string }).code ?? String(error);
  }
}

const permissionDenied = '42501';
const catalogues = ['features', 'task_statuses', 'billing_statuses'];

describe('the tenant role on the shared catalogues', () => {
  it.each(catalogues)('reads %s', async (table) => {
    expect(await outcomeAsAppRole(sql`select count(*) from ${sql.identifier(table)}`)).toBe('ok');
  });

  it.each(catalogues)('is refused INSERT, UPDATE, DELETE and TRUNCATE on %s (permission denied)', async (table) => {
    const name = sql.identifier(table);
    const outcomes = {
      insert: await outcomeAsAppRole(sql`insert into ${name} (id) values (-1)`),
      update: await outcomeAsAppRole(sql`update ${name} set id = id`),
      delete: await outcomeAsAppRole(sql`delete from ${name} where id = -1`),
      truncate: await outcomeAsAppRole(sql`truncate ${name}`),
    };
    expect(outcomes).toEqual({ insert: permissionDenied, update: permissionDenied, delete: permissionDenied, truncate: permissionDenied });
  });

  it('may write no table that holds no tenant column and no policy, so a new shared table must be granted on purpose', async () => {
    const writable = await queryRows<{ table: string; privilege: string }>(
      system,
      sql`select c.relname as "table", p.privilege
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
           cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p(privilege)
           where n.nspname = 'public' and c.relkind in ('r', 'p')
             and not exists (select 1 from pg_policies pol where pol.schemaname = 'public' and pol.tablename = c.relname)
             and has_table_privilege(${tenantRole}, c.oid, p.privilege)
           order by 1, 2`,
    );
    expect(writable).toEqual([]);
  });

  it('cannot move an id sequence back (setval), which would make the inserts of every tenant collide', async () => {
    const [sequence] = await queryRows<{ name: string }>(
      system,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'S' order by 1 limit 1`,
    );
    expect(sequence).toBeDefined();
    expect(await outcomeAsAppRole(sql`select setval(${sequence.name}::regclass, 1)`)).toBe(permissionDenied);
  });
});

describe('the tenant role on rate_limits', () => {
  it('is refused SELECT, INSERT, UPDATE and DELETE: the keys name other tenants’ users and addresses', async () => {
    const outcomes = {
      select: await outcomeAsAppRole(sql`select key from rate_limits`),
      insert: await outcomeAsAppRole(sql`insert into rate_limits (key, window_start, count) values ('forged', now(), 0)`),
      update: await outcomeAsAppRole(sql`update rate_limits set count = 0`),
      delete: await outcomeAsAppRole(sql`delete from rate_limits`),
    };
    expect(outcomes).toEqual({ select: permissionDenied, insert: permissionDenied, update: permissionDenied, delete: permissionDenied });
  });

  it('still counts attempts through the limiter, stops the one past the limit and forgets them when cleared', async () => {
    const key = `grants:${randomBytes(6).toString('hex')}`;
    const counted = await asAppRole(async (tx) => {
      const allowed: boolean[] = [];
      for (let attempt = 0; attempt < 3; attempt++) allowed.push(await takeAttempt(tx, key, 2, 60_000));
      await clearAttempts(tx, key);
      allowed.push(await takeAttempt(tx, key, 2, 60_000));
      const [row] = await queryRows<{ count: number }>(tx, sql`select take_rate_limit_attempt(${key}, 60000, false) as count`);
      return { allowed, count: row.count };
    });
    expect(counted).toEqual({ allowed: [true, true, false, true], count: 2 });
  });
});
