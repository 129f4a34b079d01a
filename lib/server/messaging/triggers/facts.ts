import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { clients, taskLogs, taskTimeline, taskTypes, tasks, users } from '@/db/schema';
import { detailColumns } from '@/lib/contract/task-history';
import { TaskLogAction } from '@/lib/contract/tasks';
import { defaultLanguage, isLanguage, type Language } from '@/lib/contract/languages';
import type { DbOrTx } from '@/lib/server/core/db';
import { phoneNumber } from './placeholders';

/** One party a message can go to: the addresses it has and the language it reads. */
export interface Party {
  name: string;
  surname: string;
  email: string | null;
  /** With its country code, ready for SMS. */
  phone: string | null;
  language: Language;
}

export interface TaskFacts {
  id: number;
  referenceNumber: number;
  statusId: number;
  deleted: boolean;
  appointmentDate: Date | null;
  location: string;
  typeName: string;
  client: Party | null;
  worker: Party | null;
}

/** The task with its type, client and worker as the messages need them; null when there is no such task. */
export async function loadTaskFacts(db: DbOrTx, tenantId: number, taskId: number): Promise<TaskFacts | null> {
  const [row] = await db
    .select({ task: tasks, typeName: taskTypes.name, client: clients, worker: users })
    .from(tasks)
    .innerJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.typeId)))
    .leftJoin(clients, and(eq(clients.tenantId, tasks.tenantId), eq(clients.id, tasks.clientId)))
    .leftJoin(users, and(eq(users.tenantId, tasks.tenantId), eq(users.id, tasks.assigneeId)))
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, taskId)));
  if (!row) return null;
  const { task, client, worker } = row;
  const taskPhone = phoneNumber(task.contactPhoneCountryCode, task.contactPhone);
  const contact = client?.defaultContact ?? {};
  const billing = client?.billingContact ?? {};
  const hasClient = client !== null || Boolean(task.contactName || taskPhone);
  return {
    id: task.id,
    referenceNumber: task.referenceNumber,
    statusId: task.statusId,
    deleted: task.deleted !== null,
    appointmentDate: task.appointmentDate,
    location: task.locationAddress ?? '',
    typeName: row.typeName,
    // The task's own contact comes first, then the client's default contact; the only e-mail a client has is
    // its billing contact's. Clients carry no language, so they read the product's default one.
    client: hasClient
      ? {
          name: task.contactName ?? contact.name ?? client?.displayName ?? '',
          surname: task.contactName ? (task.contactSurname ?? '') : (contact.surname ?? ''),
          email: billing.email?.trim() || null,
          phone:
            taskPhone ||
            phoneNumber(contact.phoneCountryCode, contact.phone) ||
            phoneNumber(billing.phoneCountryCode, billing.phone) ||
            null,
          language: defaultLanguage,
        }
      : null,
    worker: worker
      ? {
          name: worker.name,
          surname: worker.surname,
          email: worker.username,
          phone: phoneNumber(worker.phoneCountryCode, worker.phone) || null,
          language: isLanguage(worker.preferredLanguage) ? worker.preferredLanguage : defaultLanguage,
        }
      : null,
  };
}

/** The detail columns whose change counts as an update the parties should hear about. */
const noticedDetails: readonly string[] = ['appointmentDate', 'durationMins', 'timeSlotId', 'locationAddress'];

export interface TransactionChanges {
  /** The statuses the task entered in this transaction, in order. */
  statusesEntered: number[];
  /** The appointment, the worker or the address changed in this transaction. */
  noticedUpdate: boolean;
  /** The appointment's start moved in this transaction. */
  appointmentMoved: boolean;
}

/**
 * What happened to the task in the current transaction, read from the timeline and log rows it wrote: their
 * `created` defaults to now(), which PostgreSQL fixes at the start of the transaction, so rows of earlier
 * transactions never match.
 */
export async function changesInTransaction(db: DbOrTx, tenantId: number, taskId: number): Promise<TransactionChanges> {
  const [timeline, logs] = await Promise.all([
    db
      .select({ statusId: taskTimeline.statusId })
      .from(taskTimeline)
      .where(and(eq(taskTimeline.tenantId, tenantId), eq(taskTimeline.taskId, taskId), sql`${taskTimeline.created} = now()`))
      .orderBy(taskTimeline.id),
    db
      .select({ action: taskLogs.action, newValue: taskLogs.newValue })
      .from(taskLogs)
      .where(and(eq(taskLogs.tenantId, tenantId), eq(taskLogs.taskId, taskId), sql`${taskLogs.created} = now()`)),
  ]);
  const changedDetails = logs.flatMap((log) =>
    log.action === TaskLogAction.updateDetails && log.newValue
      ? Object.keys(JSON.parse(log.newValue) as Record<string, unknown>).filter((column) => (detailColumns as readonly string[]).includes(column))
      : [],
  );
  const noticedUpdate =
    logs.some((log) => log.action === TaskLogAction.changeAssignee) || changedDetails.some((column) => noticedDetails.includes(column));
  return {
    statusesEntered: timeline.map((entry) => entry.statusId),
    noticedUpdate,
    appointmentMoved: changedDetails.includes('appointmentDate'),
  };
}
