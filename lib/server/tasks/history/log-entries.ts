import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { clients, customFields, taskLogs, taskTypes, timeSlots, users } from '@/db/schema';
import type { DetailChange, LogEntryView, ReferenceDetailField } from '@/lib/contract/task-history';
import { parseDetailChanges } from '@/lib/contract/task-history';
import { TaskLogAction } from '@/lib/contract/tasks';
import type { Ctx } from '@/lib/server/core/ctx';
import { readableTask } from '@/lib/server/tasks/notes/access';
import { userFullName } from '@/lib/server/people/users/read';

type NameLookup = Record<ReferenceDetailField | 'customField', Map<number, string>>;

const idOf = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** The ids the changes name, per kind, so each kind is read in one query. */
function referencedIds(changes: readonly DetailChange[]): Record<keyof NameLookup, number[]> {
  const ids: Record<keyof NameLookup, Set<number>> = {
    typeId: new Set(),
    clientId: new Set(),
    timeSlotId: new Set(),
    customField: new Set(),
  };
  for (const change of changes) {
    if (change.field === 'customField' && change.customFieldId !== undefined) ids.customField.add(change.customFieldId);
    if (change.field === 'typeId' || change.field === 'clientId' || change.field === 'timeSlotId') {
      for (const value of [change.oldValue, change.newValue]) {
        const id = idOf(value);
        if (id !== null) ids[change.field].add(id);
      }
    }
  }
  return {
    typeId: [...ids.typeId],
    clientId: [...ids.clientId],
    timeSlotId: [...ids.timeSlotId],
    customField: [...ids.customField],
  };
}

/** Names of the tenant's task types, clients, time slots and custom fields, deleted ones too: the log is history. */
async function lookUpNames(ctx: Ctx, changes: readonly DetailChange[]): Promise<NameLookup> {
  const ids = referencedIds(changes);
  const none = Promise.resolve([] as { id: number; name: string }[]);
  const [types, clientRows, slots, fields] = await Promise.all([
    ids.typeId.length
      ? ctx.db.select({ id: taskTypes.id, name: taskTypes.name }).from(taskTypes)
          .where(and(eq(taskTypes.tenantId, ctx.tenantId), inArray(taskTypes.id, ids.typeId)))
      : none,
    ids.clientId.length
      ? ctx.db.select({ id: clients.id, name: clients.displayName }).from(clients)
          .where(and(eq(clients.tenantId, ctx.tenantId), inArray(clients.id, ids.clientId)))
      : none,
    ids.timeSlotId.length
      ? ctx.db.select({ id: timeSlots.id, name: timeSlots.name }).from(timeSlots)
          .where(and(eq(timeSlots.tenantId, ctx.tenantId), inArray(timeSlots.id, ids.timeSlotId)))
      : none,
    ids.customField.length
      ? ctx.db.select({ id: customFields.id, name: customFields.fieldName }).from(customFields)
          .where(and(eq(customFields.tenantId, ctx.tenantId), inArray(customFields.id, ids.customField)))
      : none,
  ]);
  const toMap = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { typeId: toMap(types), clientId: toMap(clientRows), timeSlotId: toMap(slots), customField: toMap(fields) };
}

/** Ids become the names they stand for; an id with no name left stays as it was logged. */
function withNames(change: DetailChange, names: NameLookup): DetailChange {
  if (change.field === 'customField') {
    const name = change.customFieldId === undefined ? undefined : names.customField.get(change.customFieldId);
    return name === undefined ? change : { ...change, customFieldName: name };
  }
  if (change.field !== 'typeId' && change.field !== 'clientId' && change.field !== 'timeSlotId') return change;
  const lookup = names[change.field];
  const name = (value: string | null) => {
    const id = idOf(value);
    return id === null ? value : (lookup.get(id) ?? value);
  };
  return { ...change, oldValue: name(change.oldValue), newValue: name(change.newValue) };
}

/**
 * GET tasks/{id}/logs: every entry newest first, with who acted. Detail edits come with their changed fields
 * decoded, task type, client, time slot and custom field ids named, so the tab can show them readable.
 */
export async function getLogEntries(ctx: Ctx, taskId: number): Promise<LogEntryView[]> {
  await readableTask(ctx.db, ctx, taskId);
  const rows = await ctx.db
    .select({
      id: taskLogs.id,
      action: taskLogs.action,
      oldValue: taskLogs.oldValue,
      newValue: taskLogs.newValue,
      userId: taskLogs.userId,
      userName: userFullName,
      created: taskLogs.created,
    })
    .from(taskLogs)
    .leftJoin(users, and(eq(users.tenantId, taskLogs.tenantId), eq(users.id, taskLogs.userId)))
    .where(and(eq(taskLogs.tenantId, ctx.tenantId), eq(taskLogs.taskId, taskId)))
    .orderBy(desc(taskLogs.created), desc(taskLogs.id));
  const entries: LogEntryView[] = rows.map((row) => ({ ...row, created: row.created.toISOString() }));
  const details = entries.filter((entry) => entry.action === TaskLogAction.updateDetails);
  const parsed = new Map(details.map((entry) => [entry.id, parseDetailChanges(entry.oldValue, entry.newValue)]));
  const names = await lookUpNames(ctx, [...parsed.values()].flat());
  for (const entry of details) entry.changes = (parsed.get(entry.id) ?? []).map((change) => withNames(change, names));
  return entries;
}
