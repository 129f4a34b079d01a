import 'server-only';
import { eq } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import { dateRangeOf, type TaskListStart } from '@/lib/contract/task-list';
import { todayIn } from '@/lib/contract/zoned-time';
import { listClients } from '@/lib/server/clients/read';
import { listCustomFields } from '@/lib/server/reference/custom-fields/read';
import type { Ctx } from '@/lib/server/core/ctx';
import { listCancellationReasons } from '@/lib/server/reference/data/cancellation-reasons';
import { listTaskTypes } from '@/lib/server/reference/task-types/read';
import type { CurrentUserView } from '@/lib/server/people/auth/me';
import { listScheduledTasks } from '../tasks/read';

/**
 * Reference data exactly as the API would give it: its `deleted` dates become the strings the browser would receive.
 * Task views are JSON-shaped already and pass as they are.
 */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export async function taskListStart(
  ctx: Ctx,
  user: CurrentUserView,
  unscheduled: boolean,
  query: { from?: string; to?: string },
): Promise<TaskListStart> {
  // Read before the tasks: a change committed after this number is replayed by the stream, one before it is in the list.
  const [tenant] = await ctx.db
    .select({ changeSeq: tenants.lastChangeSeq })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const range = unscheduled ? null : dateRangeOf(query.from ?? null, query.to ?? null, todayIn(ctx.tenantTimeZone));
  const [taskTypes, clients, customFields, cancellationReasons, tasks] = await Promise.all([
    listTaskTypes(ctx),
    listClients(ctx),
    listCustomFields(ctx),
    listCancellationReasons(ctx),
    range
      ? listScheduledTasks(ctx, {
          appointmentFrom: range.from,
          appointmentTo: range.to,
          includeUnscheduled: false,
          includePlanned: false,
          allPlanned: false,
        })
      : null,
  ]);
  return {
    user: {
      id: user.id,
      tenantTimeZone: user.tenantTimeZone,
      preferredTimeFormat: user.preferredTimeFormat,
      preferredTaskColumns: user.preferredTaskColumns,
      features: user.features,
    },
    reference: asJson({ taskTypes, clients, customFields, cancellationReasons }),
    scheduled: range && tasks ? { ...range, tasks } : null,
    changeSeq: tenant?.changeSeq ?? 0,
  };
}
