import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import * as schema from '@/db/schema';
import { env } from '@/lib/server/env';
import { errorFields, log } from '@/lib/server/log';

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
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  listen(channel: string, handler: NotificationHandler, onReconnect?: ReconnectHandler): Promise<() => Promise<void>>;
  /** Like listen, with sync() and `onLost` called once when the listening connection fails or ends. */
  subscribe(channel: string, handler: NotificationHandler, onLost: () => void): Promise<Subscription>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

async function connectPostgres(url: string): Promise<Connection> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: env.databasePoolSize });
  // An idle pooled connection that PostgreSQL ends (restart, pg_terminate_backend) is dropped by the pool; without
  // this listener node-postgres rethrows the error and the process dies.
  pool.on('error', (error) => log.warn('idle database connection lost', errorFields(error)));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
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
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Connection> };

/**
 * One connection per process, kept on globalThis because Next.js may load this module more than once
 * (one copy per server bundle), and PGlite must not open the same data folder twice.
 */
export function connection(): Promise<Connection> {
  const holder = globalThis as GlobalWithDb;
  const databaseUrl = env.databaseUrl;
  holder[globalKey] ??= databaseUrl
    ? connectPostgres(databaseUrl)
    : connectPglite(pgliteDataDir());
  return holder[globalKey];
}

export async function getDb(): Promise<Db> {
  return (await connection()).db;
}

export async function closeConnection(): Promise<void> {
  const holder = globalThis as GlobalWithDb;
  const current = holder[globalKey];
  holder[globalKey] = undefined;
  if (current) await (await current).close();
}

/** Runs raw SQL and answers its rows; node-postgres and PGlite both hand results back as `{ rows }`. */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows?: Row[] };
  return result.rows ?? [];
}
