import { and, asc, eq } from 'drizzle-orm';
import { clients, notifications, outbox, taskAccessTokens, users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { callJson, seedTask, taskCompany, type TaskCompany } from './tasks/helpers';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { POST as cancel } from '@/app/api/web/tasks/[id]/cancellation/route';
import { PATCH as updateStatus } from '@/app/api/web/tasks/update-status/route';
import type { TaskView } from '@/lib/contract/tasks';

export const clientEmail = 'rossi@example.test';
export const clientPhone = '+393331234567';
export const workerPhone = '+393409876543';

/** A company whose client has a contact and a billing e-mail, and whose worker reads Italian and has a phone. */
export async function triggerCompany(features: number[] = []) {
  const company = await taskCompany(features);
  const db = await getDb();
  await db
    .update(clients)
    .set({
      defaultContact: { name: 'Mario', surname: 'Rossi', phoneCountryCode: '+39', phone: '333 1234567' },
      billingContact: { email: clientEmail },
    })
    .where(eq(clients.id, company.clients.active));
  await db
    .update(users)
    .set({ name: 'Luca', surname: 'Bianchi', preferredLanguage: 'it', phoneCountryCode: '39', phone: '3409876543' })
    .where(eq(users.id, company.worker.id));
  return company;
}

export type Rule = Partial<typeof notifications.$inferInsert> & Pick<typeof notifications.$inferInsert, 'type' | 'recipient' | 'messageType' | 'message'>;

export async function addRule(tenantId: number, rule: Rule): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(notifications).values({ tenantId, ...rule }).returning({ id: notifications.id });
  return row.id;
}

/** A scheduled task of the company's client, assigned to its worker, at a known address. */
export const scheduledTask = (company: TaskCompany, appointmentDate: Date, values: Partial<Parameters<typeof seedTask>[1]> = {}) =>
  seedTask(company.tenantId, {
    typeId: company.types.survey,
    clientId: company.clients.active,
    assigneeId: company.worker.id,
    appointmentDate,
    locationAddress: 'Via Po 2, Torino',
    ...values,
  });

export async function outboxOf(taskId: number, notificationId?: number) {
  const db = await getDb();
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.taskId, taskId), notificationId === undefined ? undefined : eq(outbox.notificationId, notificationId)))
    .orderBy(asc(outbox.id));
}

export async function tokensOf(taskId: number) {
  const db = await getDb();
  return db.select().from(taskAccessTokens).where(eq(taskAccessTokens.taskId, taskId));
}

export const put = (company: TaskCompany, id: number, json: unknown) =>
  callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie: company.cookie });
export const postCancel = (company: TaskCompany, id: number) =>
  callJson<TaskView>(cancel, { method: 'POST', params: { id }, json: {}, cookie: company.cookie });
export const setStatus = (company: TaskCompany, ids: number[], statusId: number) =>
  callJson<{ updated: number[] }>(updateStatus, {
    method: 'PATCH',
    path: '/api/web/tasks/update-status',
    json: { taskIds: ids, statusId, type: 'task status' },
    cookie: company.cookie,
  });

/** How the recipient reads the appointment: their language, the tenant's zone (Europe/Rome by default). */
export const appointmentText = (date: Date, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Rome' }).format(date);

export const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(9, 0, 0, 0);
  return date;
};
