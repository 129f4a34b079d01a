import 'server-only';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { notifications, outbox } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { TaskStatus } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { queueMessages, type QueuedMessage } from '@/lib/server/messaging/outbox/enqueue';
import { dropUnsentTaskLinks } from '@/lib/server/messaging/links/tokens';
import { changesInTransaction, loadTaskFacts, type Party, type TaskFacts, type TransactionChanges } from './facts';
import { storedTokenLink, type LinkMaker } from './links';
import { fillPlaceholders, formatAppointment, namedPlaceholders, type PlaceholderValues } from './placeholders';
import { reportMail } from './report-mail';

type Rule = typeof notifications.$inferSelect;

/** A task not started this long after its appointment's start is late (ON_TASK_DELAY). */
export const delayGraceMs = 15 * 60_000;
const hourMs = 3_600_000;
type PlannedType = 'BEFORE_APPOINTMENT' | 'ON_TASK_DELAY';
/** Statuses after which nothing is planned any more: the task has started, ended or was called off. */
const startedOrClosed: readonly number[] = [TaskStatus.inProgress, TaskStatus.paused, TaskStatus.completed, TaskStatus.cancelled];
const closed: readonly number[] = [TaskStatus.completed, TaskStatus.cancelled];

/** The tenant's live rules, read once for every task of a change. */
async function activeRules(db: DbOrTx, tenantId: number): Promise<Rule[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), isNull(notifications.deleted), eq(notifications.isDisabled, false)));
}

/**
 * Turns the tenant's notification rules into outbox rows for the tasks of one change, inside the transaction of that
 * change, so a change that rolls back leaves no message behind. Every task write reaches it through the tasks' change
 * set (one task or an import's thousands): the rules are looked up once, so a tenant without any costs one query
 * whatever the number of tasks.
 */
export async function queueNotificationsForTasks(
  db: DbOrTx,
  ctx: Pick<Ctx, 'tenantId' | 'tenantTimeZone' | 'features'>,
  changes: ReadonlyArray<{ taskId: number; kind: 'created' | 'updated' }>,
): Promise<void> {
  if (changes.length === 0) return;
  const rules = await activeRules(db, ctx.tenantId);
  if (rules.length === 0 && !ctx.features.includes(Feature.printoutAfterCompletion)) return;
  for (const { taskId, kind } of changes) await queueForTask(db, ctx, rules, taskId, kind, storedTokenLink);
}

async function queueForTask(
  db: DbOrTx,
  ctx: Pick<Ctx, 'tenantId' | 'tenantTimeZone' | 'features'>,
  rules: readonly Rule[],
  taskId: number,
  kind: 'created' | 'updated',
  makeLink: LinkMaker,
): Promise<void> {
  const reportOn = ctx.features.includes(Feature.printoutAfterCompletion);
  if (rules.length === 0 && !reportOn) return;
  const task = await loadTaskFacts(db, ctx.tenantId, taskId);
  if (!task) return;
  const changes = kind === 'updated' ? await changesInTransaction(db, ctx.tenantId, taskId) : null;
  const render = renderer(db, ctx, task, makeLink);
  const messages: QueuedMessage[] = [];

  await replanTimed(db, ctx.tenantId, task, changes, rules, render, messages);
  if (changes && !task.deleted) {
    const fresh = await alreadyQueuedNow(db, ctx.tenantId, taskId);
    for (const rule of rules) {
      if (fresh.has(rule.id)) continue;
      const fires =
        (rule.type === 'ON_TASK_STATUS_CHANGE' && rule.statusId !== null && changes.statusesEntered.includes(rule.statusId)) ||
        (rule.type === 'ON_TASK_UPDATE' && changes.noticedUpdate);
      if (fires) messages.push(...(await render(rule)));
    }
    if (reportOn && changes.statusesEntered.at(-1) === TaskStatus.completed) {
      messages.push(...(await reportMail(db, ctx.tenantId, task, makeLink)));
    }
  }
  await queueMessages(db, messages);
}

/**
 * BEFORE_APPOINTMENT and ON_TASK_DELAY rows wait in the outbox until they are due. On every change the rows not yet
 * due are dropped and planned again from the task as it is now, so a moved appointment moves them. Every pending
 * row, due or not, is dropped when it no longer applies: the appointment moved or went, the task was cancelled,
 * completed or deleted, and for a delay message, the task started. So a delay message that goes out is, by
 * construction, for a task that has not started. A row already due stays (the delivery job may be behind, or
 * retrying), and nothing is planned for a moment already past.
 */
async function replanTimed(
  db: DbOrTx,
  tenantId: number,
  task: TaskFacts,
  changes: TransactionChanges | null,
  rules: readonly Rule[],
  render: (rule: Rule, notBefore?: Date) => Promise<QueuedMessage[]>,
  messages: QueuedMessage[],
): Promise<void> {
  const gone = task.deleted || !task.appointmentDate || closed.includes(task.statusId) || Boolean(changes?.appointmentMoved);
  const notYetDue = and(sql`${outbox.nextAttemptAt} > now()`, eq(outbox.attempts, 0));
  const rulesOf = (type: PlannedType) =>
    db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.tenantId, tenantId), eq(notifications.type, type)));
  const dropped = await db
    .delete(outbox)
    .where(
      and(
        eq(outbox.tenantId, tenantId),
        eq(outbox.taskId, task.id),
        eq(outbox.status, 'PENDING'),
        // A message a delivery round holds is on its way: it is neither dropped nor unlinked under the sender.
        or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, sql`now()`)),
        or(
          and(inArray(outbox.notificationId, rulesOf('BEFORE_APPOINTMENT')), gone ? undefined : notYetDue),
          and(inArray(outbox.notificationId, rulesOf('ON_TASK_DELAY')), gone || startedOrClosed.includes(task.statusId) ? undefined : notYetDue),
        ),
      ),
    )
    .returning({ subject: outbox.subject, body: outbox.body, attempts: outbox.attempts });
  // A message never tried never reached anyone: its links go with it. One that was tried may have arrived, so its
  // links stay usable.
  const unsent = dropped.filter((row) => row.attempts === 0);
  await dropUnsentTaskLinks(db, tenantId, task.id, unsent.flatMap((row) => [row.subject ?? '', row.body]));
  if (task.deleted || !task.appointmentDate) return;
  const start = task.appointmentDate.getTime();
  for (const rule of rules) {
    let due: number | null = null;
    if (rule.type === 'BEFORE_APPOINTMENT' && !closed.includes(task.statusId)) due = start - (rule.numberOfHours ?? 0) * hourMs;
    if (rule.type === 'ON_TASK_DELAY' && !startedOrClosed.includes(task.statusId)) due = start + delayGraceMs;
    // A moment already past is not planned: a reminder for an appointment moved inside its window would come late.
    if (due !== null && due > Date.now()) messages.push(...(await render(rule, new Date(due))));
  }
}

/** The rules that already queued a message for this task in this transaction: a second publish sends nothing more. */
async function alreadyQueuedNow(db: DbOrTx, tenantId: number, taskId: number): Promise<Set<number>> {
  const rows = await db
    .select({ notificationId: outbox.notificationId })
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.taskId, taskId), sql`${outbox.created} = now()`));
  return new Set(rows.flatMap((row) => (row.notificationId === null ? [] : [row.notificationId])));
}

function renderer(db: DbOrTx, ctx: Pick<Ctx, 'tenantId' | 'tenantTimeZone' | 'features'>, task: TaskFacts, makeLink: LinkMaker) {
  return async (rule: Rule, notBefore?: Date): Promise<QueuedMessage[]> => {
    const party: Party | null = rule.recipient === 'CLIENT' ? task.client : task.worker;
    const address = rule.messageType === 'EMAIL' ? party?.email : party?.phone;
    // No one to write to, or no address of the right kind: the rule has nothing to send for this task.
    if (!party || !address) return [];
    const named = namedPlaceholders(`${rule.subject ?? ''} ${rule.message}`);
    const link = (purpose: 'FEEDBACK' | 'TRACKING') => makeLink(db, { tenantId: ctx.tenantId, taskId: task.id, purpose });
    const values: PlaceholderValues = {
      client_name: task.client?.name ?? '',
      client_surname: task.client?.surname ?? '',
      client_contact_number: task.client?.phone ?? '',
      worker_name: task.worker?.name ?? '',
      worker_surname: task.worker?.surname ?? '',
      worker_contact_number: task.worker?.phone ?? '',
      appointment: formatAppointment(task.appointmentDate, party.language, ctx.tenantTimeZone),
      task_location: task.location,
      task_id: String(task.referenceNumber),
      task_type: task.typeName,
      feedback_url: named.has('feedback_url') ? await link('FEEDBACK') : undefined,
      // Tracking is feature 7's; without it the placeholder stays empty and no token is made.
      tracking_url: named.has('tracking_url') && ctx.features.includes(Feature.trackingLink) ? await link('TRACKING') : undefined,
    };
    return [
      {
        tenantId: ctx.tenantId,
        channel: rule.messageType,
        recipient: address,
        subject: rule.messageType === 'EMAIL' ? fillPlaceholders(rule.subject ?? '', values) : null,
        body: fillPlaceholders(rule.message, values),
        notificationId: rule.id,
        taskId: task.id,
        notBefore,
      },
    ];
  };
}
