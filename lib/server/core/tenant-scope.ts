import type { Pool, PoolClient } from 'pg';
import { errorFields, log } from '@/lib/server/core/log';

/**
 * The database role every tenant's API calls and pages run as: not a superuser, no BYPASSRLS, owner of nothing, so
 * PostgreSQL's row-level security (migration 0011) limits each statement to the tenant in `app.tenant_id`.
 */
export const tenantRole = 'fieldops_app';

/** Either the process's own work (sign-in, public links, jobs: all tenants) or one tenant's. */
export type Scope = { kind: 'system' } | { kind: 'tenant'; tenantId: number };

const systemScope: Scope = { kind: 'system' };

const scopeKey = (scope: Scope) => (scope.kind === 'system' ? 'system' : `tenant:${scope.tenantId}`);

type Callback = (error: Error | undefined, client?: PoolClient, release?: (error?: Error | boolean) => void) => void;

/**
 * What each pooled connection was last set to. A connection keeps its role and tenant between checkouts, so a
 * checkout for the same scope costs nothing and only a change of scope costs one round trip.
 */
const appliedScope = new WeakMap<PoolClient, string>();

async function applyScope(client: PoolClient, scope: Scope, key: string): Promise<void> {
  // Forget first: if the statement fails half-way the connection's state is unknown and it is thrown away below.
  appliedScope.delete(client);
  if (scope.kind === 'system') {
    await client.query(`select set_config('role', 'none', false), set_config('app.tenant_id', '', false)`);
  } else {
    await client.query(`select set_config('role', $1, false), set_config('app.tenant_id', $2, false)`, [
      tenantRole,
      String(scope.tenantId),
    ]);
  }
  appliedScope.set(client, key);
}

const guarded = new WeakSet<PoolClient>();

/**
 * node-postgres takes its own error listener off a connection while it is checked out, and an 'error' event with no
 * listener ends the process. A transaction's connection that PostgreSQL ends between two statements (a restart,
 * pg_terminate_backend) would do just that; with this listener its next statement fails instead, and the call
 * answers 503.
 */
function guard(client: PoolClient): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  client.on('error', (error) => log.warn('database connection lost while in use', errorFields(error)));
}

/** Checks a connection out already set to `scope`; a connection that cannot be set is destroyed. */
async function checkout(connect: () => Promise<PoolClient>, scope: Scope): Promise<PoolClient> {
  const client = await connect();
  guard(client);
  const key = scopeKey(scope);
  if (appliedScope.get(client) === key) return client;
  try {
    await applyScope(client, scope, key);
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  return client;
}

/**
 * Makes every checkout of `pool` (single statements through pool.query and drizzle's transactions alike) set the
 * connection to the system scope, and returns a way to get views of the same pool that set a tenant's scope
 * instead. A view is the pool itself under another `connect`, so node-postgres and drizzle treat it as a pool.
 */
export function scopePool(pool: Pool): (tenantId: number) => Pool {
  const connectRaw = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const connectScoped = (scope: Scope, callback?: Callback): Promise<PoolClient> | undefined => {
    const acquired = checkout(connectRaw, scope);
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, (error) => client.release(error)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
    return undefined;
  };
  Object.assign(pool, { connect: (callback?: Callback) => connectScoped(systemScope, callback) });
  return (tenantId) => {
    const view = Object.create(pool) as Pool;
    const scope: Scope = { kind: 'tenant', tenantId };
    Object.assign(view, { connect: (callback?: Callback) => connectScoped(scope, callback) });
    return view;
  };
}
