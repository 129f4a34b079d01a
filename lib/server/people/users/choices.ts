import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { zones } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import type { UserFormChoices } from '@/lib/contract/user-admin';
import type { Ctx } from '@/lib/server/core/ctx';
import { listSkills } from '@/lib/server/reference/skills/read';
import { templateChoices } from './working-template';

/** The tenant's live skills, zones and templates by name, each only while its feature is on (spec 03 §6). */
export async function userFormChoices(ctx: Ctx): Promise<UserFormChoices> {
  const on = (feature: number) => ctx.features.includes(feature as Ctx['features'][number]);
  const [skills, zoneRows, templates] = await Promise.all([
    on(Feature.skills) ? listSkills(ctx) : null,
    on(Feature.zones)
      ? ctx.db
          .select({ id: zones.id, name: zones.name })
          .from(zones)
          .where(and(eq(zones.tenantId, ctx.tenantId), isNull(zones.deleted)))
          .orderBy(sql`lower(${zones.name})`, asc(zones.id))
      : null,
    on(Feature.workingHours) ? templateChoices(ctx) : null,
  ]);
  return {
    callerId: ctx.user.id,
    callerIsOwner: ctx.roles.includes('owner'),
    skills: skills?.map(({ id, name }) => ({ id, name })) ?? null,
    zones: zoneRows,
    templates,
  };
}
