import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { skills } from '@/db/schema';
import type { SkillView } from '@/lib/contract/skills';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export type { SkillView } from '@/lib/contract/skills';

export const skillNotFound = () => notFound('skills.notFound', 'Skill not found.');

export const skillColumns = { id: skills.id, name: skills.name, icon: skills.icon };

/** The tenant's live skills by name: deleted skills stay linked where used but leave every picker. */
export async function listSkills(ctx: Ctx): Promise<SkillView[]> {
  return ctx.db
    .select(skillColumns)
    .from(skills)
    .where(and(eq(skills.tenantId, ctx.tenantId), isNull(skills.deleted)))
    .orderBy(sql`lower(${skills.name})`, asc(skills.id));
}

/** One live skill: a deleted one has left the settings screen, so its drawer has nothing to open. */
export async function getSkill(ctx: Ctx, id: number): Promise<SkillView> {
  const [skill] = await ctx.db
    .select(skillColumns)
    .from(skills)
    .where(and(eq(skills.tenantId, ctx.tenantId), eq(skills.id, id), isNull(skills.deleted)));
  if (!skill) throw skillNotFound();
  return skill;
}
