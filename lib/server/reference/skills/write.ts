import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { skills } from '@/db/schema';
import type { SkillBody, SkillView } from '@/lib/contract/skills';
import type { Ctx } from '@/lib/server/core/ctx';
import { assertNameFree, type NameTaken } from '@/lib/server/reference/data/names';
import { skillColumns, skillNotFound } from './read';

export const skillConflictMessage = 'A skill with this name already exists.';
const skillNameTaken: NameTaken = { code: 'skills.nameTaken', message: skillConflictMessage, path: 'name' };

const namedSkills = { table: skills, name: skills.name };

export async function createSkill(ctx: Ctx, body: SkillBody): Promise<SkillView> {
  await assertNameFree(ctx.db, ctx.tenantId, namedSkills, body.name, skillNameTaken);
  const [skill] = await ctx.db
    .insert(skills)
    .values({ tenantId: ctx.tenantId, name: body.name, icon: body.icon })
    .returning(skillColumns);
  return skill;
}

/** A deleted skill answers 404. Users and task types linked to the skill keep the link under its new name. */
export async function updateSkill(ctx: Ctx, id: number, body: SkillBody): Promise<SkillView> {
  await assertNameFree(ctx.db, ctx.tenantId, namedSkills, body.name, skillNameTaken, id);
  const [skill] = await ctx.db
    .update(skills)
    .set({ name: body.name, icon: body.icon, updated: new Date() })
    .where(and(eq(skills.tenantId, ctx.tenantId), eq(skills.id, id), isNull(skills.deleted)))
    .returning(skillColumns);
  if (!skill) throw skillNotFound();
  return skill;
}

/**
 * Soft delete: the links of users and task types stay stored, but every reader skips deleted skills, so the skill
 * stops counting in assignment checks and leaves the pickers; its name is free for a new skill.
 */
export async function deleteSkill(ctx: Ctx, id: number): Promise<SkillView> {
  const [skill] = await ctx.db
    .update(skills)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(skills.tenantId, ctx.tenantId), eq(skills.id, id), isNull(skills.deleted)))
    .returning(skillColumns);
  if (!skill) throw skillNotFound();
  return skill;
}
