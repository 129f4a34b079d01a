import 'server-only';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { clients, taskTypeCustomFields, taskTypes, tasks, timeSlots, users } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { nameKey } from '@/lib/server/core/csv-import/cells';
import { tenantCustomFields, type CustomFieldRecord, type RequiredFieldRecord } from '@/lib/server/tasks/custom-field-values';
import type { TaskReferences } from '@/lib/server/tasks/references';
import type { ClientRecord, TaskTypeRecord } from '@/lib/server/tasks/rules';

export { nameKey };

export type Resolved = { id: number } | { problem: 'unknown' | 'ambiguous' };

interface Named {
  id: number;
  deleted: Date | null;
}

/**
 * Names to ids. A live item wins over a deleted one of the same name (live names are unique per tenant); a name
 * held only by deleted items resolves to one of them, so the task rules refuse it as deleted rather than unknown.
 */
function byName<T extends Named>(items: readonly T[], nameOf: (item: T) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items.filter((entry) => entry.deleted !== null)) map.set(nameKey(nameOf(item)), item.id);
  for (const item of items.filter((entry) => entry.deleted === null)) map.set(nameKey(nameOf(item)), item.id);
  return map;
}

interface WorkerRecord {
  id: number;
  username: string;
  name: string;
  surname: string;
  usable: boolean;
}

/**
 * A worker by username or by "name surname". Among people of the same name the active workers count first; two
 * active workers of one name are ambiguous, and the line must use the username.
 */
function workerResolver(workers: readonly WorkerRecord[]): (text: string) => Resolved {
  const byUsername = new Map(workers.map((worker) => [nameKey(worker.username), worker.id]));
  const byFullName = new Map<string, WorkerRecord[]>();
  for (const worker of workers) {
    const key = nameKey(`${worker.name} ${worker.surname}`);
    byFullName.set(key, [...(byFullName.get(key) ?? []), worker]);
  }
  return (text) => {
    const key = nameKey(text);
    const id = byUsername.get(key);
    if (id !== undefined) return { id };
    const namesakes = byFullName.get(key) ?? [];
    const usable = namesakes.filter((worker) => worker.usable);
    const candidates = usable.length > 0 ? usable : namesakes;
    if (candidates.length === 0) return { problem: 'unknown' };
    if (usable.length > 1) return { problem: 'ambiguous' };
    return { id: candidates[0].id };
  };
}

const resolveIn = (map: ReadonlyMap<string, number>) => (text: string): Resolved => {
  const id = map.get(nameKey(text));
  return id === undefined ? { problem: 'unknown' } : { id };
};

export interface ImportReferences {
  /** The task rules' lookups, answered from memory. */
  rules: TaskReferences;
  taskType: (name: string) => Resolved;
  client: (name: string) => Resolved;
  worker: (text: string) => Resolved;
  timeSlot: (name: string) => Resolved;
  timeSlotStart: (id: number) => string | undefined;
  /** Live custom fields by name key: the columns a file may add. */
  liveFields: ReadonlyMap<string, CustomFieldRecord>;
  /** External references the tenant's live tasks already carry. */
  existingReferences: Set<string>;
}

/** Everything an import looks up, read once: a few queries however many lines the file has. */
export async function loadImportReferences(db: DbOrTx, ctx: Ctx): Promise<ImportReferences> {
  const [types, clientRows, slots, workers, fields, links, references] = await Promise.all([
    db
      .select({ id: taskTypes.id, name: taskTypes.name, durationMins: taskTypes.durationMins, deleted: taskTypes.deleted })
      .from(taskTypes)
      .where(eq(taskTypes.tenantId, ctx.tenantId)),
    db
      .select({ id: clients.id, displayName: clients.displayName, deleted: clients.deleted })
      .from(clients)
      .where(eq(clients.tenantId, ctx.tenantId)),
    db
      .select({ id: timeSlots.id, name: timeSlots.name, startTime: timeSlots.startTime, deleted: timeSlots.deleted })
      .from(timeSlots)
      .where(eq(timeSlots.tenantId, ctx.tenantId)),
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        surname: users.surname,
        assignee: users.assignee,
        active: users.active,
        deleted: users.deleted,
      })
      .from(users)
      .where(eq(users.tenantId, ctx.tenantId)),
    tenantCustomFields(db, ctx),
    db
      .select({ taskTypeId: taskTypeCustomFields.taskTypeId, customFieldId: taskTypeCustomFields.customFieldId })
      .from(taskTypeCustomFields)
      .where(eq(taskTypeCustomFields.tenantId, ctx.tenantId)),
    db
      .select({ externalReference: tasks.externalReference })
      .from(tasks)
      .where(and(eq(tasks.tenantId, ctx.tenantId), isNull(tasks.deleted), isNotNull(tasks.externalReference))),
  ]);

  const typeById = new Map<number, TaskTypeRecord>(types.map((type) => [type.id, type]));
  const clientById = new Map<number, ClientRecord>(clientRows.map((client) => [client.id, client]));
  const liveSlots = new Map(slots.filter((slot) => slot.deleted === null).map((slot) => [slot.id, slot.startTime]));
  const usableWorkers = new Set(
    workers.filter((worker) => worker.assignee && worker.active && worker.deleted === null).map((worker) => worker.id),
  );
  const fieldById = new Map(fields.map((field) => [field.id, field]));
  const requiredByType = new Map<number, RequiredFieldRecord[]>();
  for (const link of links) {
    const field = fieldById.get(link.customFieldId);
    if (!field || !field.required || field.deleted) continue;
    const list = requiredByType.get(link.taskTypeId) ?? [];
    list.push({ id: field.id, fieldName: field.fieldName, requiredType: field.requiredType });
    requiredByType.set(link.taskTypeId, list.sort((a, b) => a.id - b.id));
  }

  return {
    rules: {
      taskType: async (id) => typeById.get(id),
      client: async (id) => clientById.get(id),
      isActiveWorker: async (id) => usableWorkers.has(id),
      isLiveTimeSlot: async (id) => liveSlots.has(id),
      customFields: async () => fieldById,
      requiredFields: async (typeId) => requiredByType.get(typeId) ?? [],
    },
    taskType: resolveIn(byName(types, (type) => type.name)),
    client: resolveIn(byName(clientRows, (client) => client.displayName)),
    timeSlot: resolveIn(byName(slots, (slot) => slot.name)),
    timeSlotStart: (id) => liveSlots.get(id),
    worker: workerResolver(workers.map((worker) => ({ ...worker, usable: usableWorkers.has(worker.id) }))),
    liveFields: new Map(fields.filter((field) => field.deleted === null).map((field) => [nameKey(field.fieldName), field])),
    existingReferences: new Set(references.map((row) => row.externalReference ?? '')),
  };
}

/** Which of these external references live tasks of the tenant carry now (read again inside each batch). */
export async function takenReferences(db: DbOrTx, ctx: Ctx, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ externalReference: tasks.externalReference })
    .from(tasks)
    .where(and(eq(tasks.tenantId, ctx.tenantId), isNull(tasks.deleted), inArray(tasks.externalReference, [...candidates])));
  return new Set(rows.map((row) => row.externalReference ?? ''));
}
