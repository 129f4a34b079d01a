import { connection, type Subscription } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import { errorFields, log } from '@/lib/server/core/log';

/** What a session token resolved to, without the per-request parts of ctx. */
export type Caller = Omit<Ctx, 'db' | 'requestId'>;

/** When the session itself needs better-auth again: its end, and its daily refresh (epoch milliseconds). */
export interface SessionTimes {
  expires: number;
  refreshDue: number;
}

/** Told of every auth_changes payload this process hears, and once when the listening ends (changes may be missed). */
export interface AuthWatcher {
  changed(payload: string): void;
  lost(): void;
}

interface Entry {
  caller: Caller;
  session: SessionTimes;
  cachedUntil: number;
}

/** The channel db/migrations/0010_auth_changes.sql notifies on: `user:<id>`, `tenant:<id>` or `all`. */
export const authChangesChannel = 'auth_changes';
const maxEntries = 10_000;
const retryListenMs = 1_000;

/**
 * A few seconds of session token → caller, so that most API calls spend no query on who is calling. Revocation
 * stays immediate: the database notifies every process on auth_changes (triggers on sessions, users, tenants and
 * tenant_features), each process forgets what the change touches, and a process caches only while its LISTEN
 * connection is up. A read that started before a change it then missed is not stored (the generation moved on).
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private watchers = new Set<AuthWatcher>();
  private generation = 0;
  private subscription: Promise<Subscription | null> | null = null;
  private live = false;
  private retryAfter = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly subscribe: (handler: (payload: string) => void, onLost: () => void) => Promise<Subscription>,
  ) {}

  /**
   * Whether the cache may be used now; starts (or restarts) listening when needed. While listening it answers at
   * once, without a promise: every authenticated call asks.
   */
  ready(): boolean | Promise<boolean> {
    if (this.ttlMs <= 0) return false;
    if (this.live) return true;
    return this.startListening();
  }

  private async startListening(): Promise<boolean> {
    if (!this.subscription && Date.now() >= this.retryAfter) {
      this.subscription = this.subscribe(
        (payload) => this.forget(payload),
        () => this.lose(),
      ).then(
        (subscription) => {
          this.live = true;
          return subscription;
        },
        (error: unknown) => {
          log.error('session cache: LISTEN failed, calls read the database', errorFields(error));
          this.lose();
          return null;
        },
      );
    }
    if (this.subscription) await this.subscription;
    return this.live;
  }

  /**
   * Adds a watcher on this process's one auth_changes LISTEN (started here even with caching off), for whatever
   * holds on to a caller longer than a call: an open event stream. Answers its removal, or null when the LISTEN
   * cannot start, in which case no change would reach the watcher.
   */
  async watch(watcher: AuthWatcher): Promise<(() => void) | null> {
    if (!this.live && !(await this.startListening())) return null;
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** A token's caller while fresh, or undefined. */
  get(token: string, now: number = Date.now()): { caller: Caller; session: SessionTimes } | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.cachedUntil > now) return entry;
    this.entries.delete(token);
    return undefined;
  }

  /** The generation to hand back to put(): take it before reading the database. */
  mark(): number {
    return this.generation;
  }

  put(token: string, caller: Caller, session: SessionTimes, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { caller, session, cachedUntil: Date.now() + this.ttlMs });
  }

  /** Applies one auth_changes payload. */
  forget(payload: string): void {
    this.generation++;
    const [kind, rawId] = payload.split(':');
    const id = Number(rawId);
    if (kind === 'user' && Number.isInteger(id)) {
      for (const [token, entry] of this.entries) if (entry.caller.user.id === id) this.entries.delete(token);
    } else if (kind === 'tenant' && Number.isInteger(id)) {
      for (const [token, entry] of this.entries) if (entry.caller.tenantId === id) this.entries.delete(token);
    } else {
      this.entries.clear();
    }
    for (const watcher of this.watchers) watcher.changed(payload);
  }

  /**
   * Waits until this process has applied every change committed so far. Writes call it before answering, so that
   * the caller's next request, here, already sees a logout or a role change its write made.
   */
  async sync(): Promise<void> {
    if (!this.live || !this.subscription) return;
    const subscription = await this.subscription;
    await subscription?.sync().catch(() => this.lose());
  }

  /** Stops listening and forgets everything (tests; shutdown). */
  async close(): Promise<void> {
    const subscription = this.subscription ? await this.subscription : null;
    this.lose();
    await subscription?.close();
  }

  get size(): number {
    return this.entries.size;
  }

  private lose(): void {
    this.live = false;
    this.generation++;
    this.entries.clear();
    this.subscription = null;
    this.retryAfter = Date.now() + retryListenMs;
    const watchers = [...this.watchers];
    this.watchers.clear();
    for (const watcher of watchers) watcher.lost();
  }
}

const globalKey = Symbol.for('fieldops.sessionCache');
type GlobalWithCache = typeof globalThis & { [globalKey]?: SessionCache };

/** The process's cache, listening on the app's database. */
export function sessionCache(): SessionCache {
  const holder = globalThis as GlobalWithCache;
  holder[globalKey] ??= new SessionCache(env.sessionCacheMs, async (handler, onLost) =>
    (await connection()).subscribe(authChangesChannel, handler, onLost),
  );
  return holder[globalKey];
}
