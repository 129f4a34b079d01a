import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import * as schema from '@/db/schema';
import { env } from '@/lib/server/core/env';
import { errorFields, log } from '@/lib/server/core/log';
import { scopePool } from './tenant-scope';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: queries that may run inside a caller's transaction take this. */
export type DbOrTx = Db | Tx;

type NotificationHandler = (payload: string) => void;
/** Called after a lost LISTEN connection is back: notifications sent meanwhile are gone, so read what was missed. */
type ReconnectHandler = () => void;

/** A LISTEN that says when it is lost and can wait until every notification committed before the call is in. */
export interface Subscription {
  /**
   * Resolves once the listening connection has handed over every notification of transactions committed before
   * this call: PostgreSQL delivers pending notifications before it answers a query on that connection.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

interface Connection {
  /** The process's own access: every tenant (sign-in, public links, jobs, migrations). */
  db: Db;
  /** One tenant's access, under row-level security (lib/server/core/tenant-scope.ts); PGlite has one user, so its `db`. */
  tenantDb(tenantId: number): Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  listen(channel: string, handler: NotificationHandler, onReconnect?: ReconnectHandler): Promise<() => Promise<void>>;
  /** Like listen, with sync() and `onLost` called once when the listening connection fails or ends. */
  subscribe(channel: string, handler: NotificationHandler, onLost: () => void): Promise<Subscription>;
  close(): Promise<void>;
}

const recentTenantsKept = 1000;

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

async function connectPostgres(url: string): Promise<Connection> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A connection once opened is kept (min = max): node-postgres otherwise closes one idle for 10 s, and the first
  // burst of calls after a quiet spell then waits for new backends (their start, the tenant role, every prepared
  // statement planned again); it also spares a timer per query.
  const pool = new pg.default.Pool({ connectionString: url, max: env.databasePoolSize, min: env.databasePoolSize });
  // An idle pooled connection that PostgreSQL ends (restart, pg_terminate_backend) is dropped by the pool; without
  // this listener node-postgres rethrows the error and the process dies.
  pool.on('error', (error) => log.warn('idle database connection lost', errorFields(error)));
  const tenantPool = scopePool(pool);
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  // One drizzle instance per tenant seen lately: building one reads the whole schema, too slow for every request.
  const tenantDbs = new Map<number, Db>();
  const tenantDb = (tenantId: number): Db => {
    const known = tenantDbs.get(tenantId);
    if (known) return known;
    if (tenantDbs.size >= recentTenantsKept) tenantDbs.delete(tenantDbs.keys().next().value as number);
    const scoped = drizzle({ client: tenantPool(tenantId), schema }) as unknown as Db;
    tenantDbs.set(tenantId, scoped);
    return scoped;
  };
  return {
    db,
    tenantDb,
    kind: 'postgres',
    migrate: () => migrate(drizzle({ client: pool, schema }), { migrationsFolder }),
    async listen(channel, handler, onReconnect) {
      let current: InstanceType<typeof pg.default.Client> | undefined;
      let stopped = false;
      const open = async () => {
        const client = new pg.default.Client({ connectionString: url });
        let lost = false;
        client.on('error', (error) => {
          if (lost || stopped) return;
          lost = true;
          log.warn('LISTEN connection lost, reconnecting', { channel, ...errorFields(error) });
          void client.end().catch(() => undefined);
          void reopen();
        });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        await client.connect();
        await client.query(`LISTEN "${channel}"`);
        current = client;
      };
      const reopen = async () => {
        for (let attempt = 0; !stopped; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
          try {
            await open();
            onReconnect?.();
            return;
          } catch (error) {
            log.warn('LISTEN reconnect failed', { channel, attempt, ...errorFields(error) });
          }
        }
      };
      await open();
      return async () => {
        stopped = true;
        await current?.end();
      };
    },
    async subscribe(channel, handler, onLost) {
      const client = new pg.default.Client({ connectionString: url });
      let closing = false;
      const lost = () => {
        if (closing) return;
        closing = true;
        onLost();
      };
      // Without an error listener a dropped connection would crash the process; here it only ends the subscription.
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => {
        if (message.channel === channel) handler(message.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      return {
        sync: async () => {
          await client.query('select 1');
        },
        close: async () => {
          closing = true;
          await client.end();
        },
      };
    },
    close: () => pool.end(),
  };
}

async function connectPglite(dataDir: string): Promise<Connection> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const pgliteDb = drizzle({ client, schema });
  return {
    db: pgliteDb as unknown as Db,
    tenantDb: () => pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(pgliteDb, { migrationsFolder }),
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return unsubscribe;
    },
    async subscribe(channel, handler) {
      // One embedded database in this process: it hands notifications over as the notifying query finishes.
      const unsubscribe = await client.listen(channel, handler);
      return {
        sync: async () => {
          await client.query('select 1');
        },
        close: unsubscribe,
      };
    },
    close: () => client.close(),
  };
}

/** The data folder of the embedded database when DATABASE_URL is unset; `memory://` keeps it in memory. */
export function pgliteDataDir(): string {
  return env.pgliteDir;
}

const globalKey = Symbol.for('fieldops.db');
const openKey = Symbol.for('fieldops.db.open');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Connection>; [openKey]?: Connection };

/**
 * One connection per process, kept on globalThis because Next.js may load this module more than once
 * (one copy per server bundle), and PGlite must not open the same data folder twice.
 */
export function connection(): Promise<Connection> {
  const holder = globalThis as GlobalWithDb;
  const databaseUrl = env.databaseUrl;
  if (!holder[globalKey]) {
    const opening = databaseUrl ? connectPostgres(databaseUrl) : connectPglite(pgliteDataDir());
    holder[globalKey] = opening;
    opening.then(
      (open) => {
        if (holder[globalKey] === opening) holder[openKey] = open;
      },
      () => undefined,
    );
  }
  return holder[globalKey];
}

/**
 * `read` from the connection: at once when it is open, else once it is. Every API call reaches the database through
 * here, and on Node 20 each promise also costs every AsyncLocalStorage Next.js keeps a copy of its context.
 */
function whenOpen<T>(read: (open: Connection) => T): T | Promise<T> {
  const open = (globalThis as GlobalWithDb)[openKey];
  return open ? read(open) : connection().then(read);
}

/** getDb for the per-request path: the database itself once the connection is open. */
export function readyDb(): Db | Promise<Db> {
  return whenOpen((open) => open.db);
}

/** getTenantDb for the per-request path: the tenant's database itself once the connection is open. */
export function readyTenantDb(tenantId: number): Db | Promise<Db> {
  return whenOpen((open) => open.tenantDb(tenantId));
}

export async function getDb(): Promise<Db> {
  return readyDb();
}

/** The database as one tenant's API calls and pages use it: row-level security keeps it to that tenant's rows. */
export async function getTenantDb(tenantId: number): Promise<Db> {
  return readyTenantDb(tenantId);
}

export async function closeConnection(): Promise<void> {
  const holder = globalThis as GlobalWithDb;
  const current = holder[globalKey];
  holder[globalKey] = undefined;
  holder[openKey] = undefined;
  if (current) await (await current).close();
}

/** Runs raw SQL and answers its rows; node-postgres and PGlite both hand results back as `{ rows }`. */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows?: Row[] };
  return result.rows ?? [];
}
