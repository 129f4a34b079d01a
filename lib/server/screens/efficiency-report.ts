import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import { sortedByName } from '@/lib/contract/person-name';
import type { EfficiencyReportStart } from '@/lib/contract/efficiency-report';
import { listClients } from '@/lib/server/clients/read';
import type { Ctx } from '@/lib/server/core/ctx';
import { listTaskTypes } from '@/lib/server/reference/task-types/read';

/**
 * What the report screen's pickers offer, read with the page: the tenant's workers (assignees only, deactivated
 * ones too, since their past tasks are in reports), its live clients and its live task types.
 */
export async function efficiencyReportStart(ctx: Ctx): Promise<EfficiencyReportStart> {
  const [workers, clients, taskTypes] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name, surname: users.surname, active: users.active })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), isNull(users.deleted)))
      .then(sortedByName),
    listClients(ctx),
    listTaskTypes(ctx),
  ]);
  return {
    tenantTimeZone: ctx.tenantTimeZone,
    workers,
    clients: clients.map((client) => ({ id: client.id, displayName: client.displayName })),
    taskTypes: taskTypes.map((type) => ({ id: type.id, type: type.type })),
  };
}
