import { eq } from 'drizzle-orm';
import { PATCH as patchStatus } from '@/app/api/web/worker/tasks/[id]/status/route';
import { tenants } from '@/db/schema';
import type { TaskView } from '@/lib/contract/tasks';
import { addDays, todayIn, zonedInstant } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { signIn } from '../setup/http';
import { callJson, seedTask, taskCompany, type TaskCompany } from '../tasks/helpers';

/** A company from the task fixtures, with its worker signed in and the tenant's zone for local dates. */
export async function workerCompany() {
  const company = await taskCompany();
  const db = await getDb();
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, company.tenantId));
  return { ...company, workerCookie: await signIn(company.worker.username), timeZone: tenant.timeZone };
}
export type WorkerCompany = Awaited<ReturnType<typeof workerCompany>>;

/** The local date `days` from today in the company's zone. */
export const localDay = (company: WorkerCompany, days: number) => addDays(todayIn(company.timeZone), days);

/** A task of the company on a local day and time, assigned to its worker unless told otherwise. */
export function taskOn(
  company: TaskCompany & { timeZone: string },
  date: string | null,
  values: Partial<Parameters<typeof seedTask>[1]> = {},
): Promise<number> {
  return seedTask(company.tenantId, {
    typeId: company.types.survey,
    assigneeId: company.worker.id,
    appointmentDate: date === null ? null : zonedInstant(date, '10:00', company.timeZone),
    ...values,
  });
}

export function changeStatus(
  taskId: number,
  json: unknown,
  cookie: string,
  headers: Record<string, string> = {},
) {
  return callJson<TaskView & { error?: { code: string; details?: Record<string, unknown> } }>(patchStatus, {
    method: 'PATCH',
    path: `/api/web/worker/tasks/${taskId}/status`,
    params: { id: taskId },
    json,
    cookie,
    headers,
  });
}
