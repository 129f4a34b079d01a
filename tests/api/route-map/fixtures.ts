import { taskTypes } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { seedTask } from '../tasks/helpers';

/** Milan-ish places, [longitude, latitude]. */
export const places = {
  depot: [9.19, 45.4642],
  north: [9.2, 45.49],
  east: [9.23, 45.47],
  south: [9.18, 45.44],
} as const satisfies Record<string, readonly [number, number]>;

/** A company with a dispatcher, two workers, a task type and the sessions the tests use. */
export async function routeCompany() {
  const company = await createCompany();
  const db = await getDb();
  const [type] = await db.insert(taskTypes).values({ tenantId: company.tenantId, name: 'Visit', durationMins: 60 }).returning({ id: taskTypes.id });
  const dispatcher = await createUser(company.tenantId, { tasksManager: true });
  const otherWorker = await createUser(company.tenantId, { assignee: true });
  return {
    ...company,
    typeId: type.id,
    dispatcher,
    otherWorker,
    dispatcherCookie: await signIn(dispatcher.username),
  };
}
export type RouteCompany = Awaited<ReturnType<typeof routeCompany>>;

/** A task of the worker at `start`, at `place` (none: no location), written straight to the database. */
export function routeTask(
  company: RouteCompany,
  start: string | null,
  place: readonly [number, number] | null,
  extra: { title?: string; assigneeId?: number | null; cancelled?: Date; statusId?: number; deleted?: Date; address?: string } = {},
): Promise<number> {
  const { title, address, assigneeId = company.worker.id, ...rest } = extra;
  return seedTask(company.tenantId, {
    typeId: company.typeId,
    title: title ?? `Visit ${start ?? 'unscheduled'}`,
    assigneeId,
    appointmentDate: start === null ? null : new Date(start),
    locationLongitude: place?.[0] ?? null,
    locationLatitude: place?.[1] ?? null,
    locationAddress: place ? (address ?? `Address at ${place.join(',')}`) : null,
    ...rest,
  });
}
