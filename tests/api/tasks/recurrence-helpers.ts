import { and, asc, eq, isNull } from 'drizzle-orm';
import { customFieldValues, tasks } from '@/db/schema';
import { addDays, todayIn, zonedInstant } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { seedTask, type TaskCompany } from './helpers';

export const zone = 'Europe/Rome';
export const today = () => todayIn(zone);

/** A day from today at a wall-clock time in the tenant's zone. */
export const at = (days: number, time = '09:00') => zonedInstant(addDays(today(), days), time, zone);

/** A task the series calls can start from: a survey, tomorrow at 09:00, with the company's worker and client. */
export function recurringCandidate(company: TaskCompany, values: Partial<typeof tasks.$inferInsert> = {}) {
  return seedTask(company.tenantId, {
    typeId: company.types.survey,
    clientId: company.clients.active,
    assigneeId: company.worker.id,
    appointmentDate: at(1),
    durationMins: 45,
    description: 'Monthly check',
    contactName: 'Anna',
    locationAddress: 'Via Roma 1, Milano',
    ...values,
  });
}

/** The live tasks of a series other than the parent, by date. */
export async function childrenOf(parentId: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.recurringTaskId, parentId), isNull(tasks.deleted)))
    .orderBy(asc(tasks.appointmentDate), asc(tasks.id));
  return rows.filter((row) => row.id !== parentId);
}

export async function taskRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

export async function valuesOf(taskId: number) {
  const db = await getDb();
  const rows = await db
    .select({ customFieldId: customFieldValues.customFieldId, fieldValue: customFieldValues.fieldValue })
    .from(customFieldValues)
    .where(eq(customFieldValues.taskId, taskId));
  return rows;
}
