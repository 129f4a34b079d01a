import { and, asc, eq, gt } from 'drizzle-orm';
import { taskChanges, tenants } from '@/db/schema';
import { connection } from '@/lib/server/core/db';
import { taskChangesChannel, workerPositionsChannel } from '../../messaging/live/publish';
import { sessionCache } from '@/lib/server/people/auth/session-cache';
import { errorFields, log } from '@/lib/server/core/log';

export interface TaskChangeEvent {
  id: number;
  taskId: number;
  kind: string;
  task: Record<string, unknown>;
  created: string;
}

/** A worker's latest position moved: the tracking screen reads GET tracking again. */
export interface WorkerPositionEvent {
  userId: number;
}

interface Subscriber {
  lastId: number;
  send(event: TaskChangeEvent): void;
  sendPosition?(event: WorkerPositionEvent): void;
}

interface TenantChannel {
  subscribers: Set<Subscriber>;
  /** Deliveries for one tenant run one after another, so every subscriber sees changes in id order, once. */
  queue: Promise<void>;
}

/** Fans task changes out to this process's stream subscribers, one LISTEN connection per process. */
class TaskChangeHub {
  private tenants = new Map<number, TenantChannel>();
  private listening: Promise<void> | null = null;

  async subscribe(
    tenantId: number,
    lastEventId: number | null,
    send: Subscriber['send'],
    sendPosition?: Subscriber['sendPosition'],
  ): Promise<() => void> {
    await this.listen();
    const subscriber: Subscriber = { lastId: lastEventId ?? (await this.latestId(tenantId)), send, sendPosition };
    const channel = this.channel(tenantId);
    channel.subscribers.add(subscriber);
    if (lastEventId !== null) this.deliver(tenantId);
    return () => {
      channel.subscribers.delete(subscriber);
      if (channel.subscribers.size === 0) this.tenants.delete(tenantId);
    };
  }

  private channel(tenantId: number): TenantChannel {
    let channel = this.tenants.get(tenantId);
    if (!channel) {
      channel = { subscribers: new Set(), queue: Promise.resolve() };
      this.tenants.set(tenantId, channel);
    }
    return channel;
  }

  private listen(): Promise<void> {
    this.listening ??= connection()
      .then((conn) =>
        Promise.all([
          conn.listen(
            taskChangesChannel,
            (payload) => {
              const tenantId = Number((JSON.parse(payload) as { tenantId: unknown }).tenantId);
              if (this.tenants.has(tenantId)) this.deliver(tenantId);
            },
            // Changes committed while the connection was down sent notifications nobody heard: read them now.
            () => {
              for (const tenantId of this.tenants.keys()) this.deliver(tenantId);
            },
          ),
          conn.listen(workerPositionsChannel, (payload) => this.deliverPosition(payload)),
        ]),
      )
      .then(() => undefined);
    return this.listening;
  }

  /** Positions carry no history: each goes to whoever listens now, straight from the notification. */
  private deliverPosition(payload: string): void {
    const { tenantId, userId } = JSON.parse(payload) as { tenantId: unknown; userId: unknown };
    if (!this.tenants.has(Number(tenantId))) return;
    void authChangesHeard().then(() => {
      const channel = this.tenants.get(Number(tenantId));
      for (const subscriber of channel?.subscribers ?? []) subscriber.sendPosition?.({ userId: Number(userId) });
    });
  }

  private async latestId(tenantId: number): Promise<number> {
    const db = (await connection()).db;
    const [row] = await db.select({ latest: tenants.lastChangeSeq }).from(tenants).where(eq(tenants.id, tenantId));
    return row?.latest ?? 0;
  }

  private deliver(tenantId: number): void {
    const channel = this.tenants.get(tenantId);
    if (!channel) return;
    channel.queue = channel.queue.then(async () => {
      if (channel.subscribers.size === 0) return;
      await authChangesHeard();
      if (channel.subscribers.size === 0) return;
      const since = Math.min(...[...channel.subscribers].map((s) => s.lastId));
      const db = (await connection()).db;
      const rows = await db
        .select()
        .from(taskChanges)
        .where(and(eq(taskChanges.tenantId, tenantId), gt(taskChanges.seq, since)))
        .orderBy(asc(taskChanges.seq))
        .limit(1000);
      for (const row of rows) {
        const event: TaskChangeEvent = {
          id: row.seq,
          taskId: row.taskId,
          kind: row.kind,
          task: row.payload,
          created: row.created.toISOString(),
        };
        for (const subscriber of channel.subscribers) {
          if (row.seq <= subscriber.lastId) continue;
          subscriber.lastId = row.seq;
          subscriber.send(event);
        }
      }
    }, (error: unknown) => log.error('task change delivery failed', errorFields(error)));
  }
}

/**
 * Resolves once this process has heard every auth_changes notice committed so far. The notices come on another
 * connection than the task changes: a logout or role change committed before a task change could otherwise reach
 * the streams after it, and the stream of a caller who just lost access would still carry that change.
 */
function authChangesHeard(): Promise<void> {
  return sessionCache()
    .sync()
    .catch(() => undefined);
}

const globalKey = Symbol.for('fieldops.taskChangeHub');
type GlobalWithHub = typeof globalThis & { [globalKey]?: TaskChangeHub };

export function taskChangeHub(): TaskChangeHub {
  const holder = globalThis as GlobalWithHub;
  holder[globalKey] ??= new TaskChangeHub();
  return holder[globalKey];
}
