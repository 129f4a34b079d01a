import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { skills } from '@/db/schema';
import type { Ctx } from '@/lib/server/http/ctx';

export interface SkillView {
  id: number;
  name: string;
  icon: string;
}

/** The tenant's live skills by name: deleted skills stay linked where used but leave every picker. */
export async function listSkills(ctx: Ctx): Promise<SkillView[]> {
  return ctx.db
    .select({ id: skills.id, name: skills.name, icon: skills.icon })
    .from(skills)
    .where(and(eq(skills.tenantId, ctx.tenantId), isNull(skills.deleted)))
    .orderBy(sql`lower(${skills.name})`, asc(skills.id));
}
