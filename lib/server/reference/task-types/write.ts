import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { customFields, skills, taskTypeCustomFields, taskTypeSkills, taskTypes } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import type { TaskTypeBody, TaskTypeView } from '@/lib/contract/task-types';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, fieldProblem } from '@/lib/server/core/errors';
import { liveLinkIds } from '@/lib/server/reference/data/links';
import { assertNameFree, type NameTaken } from '@/lib/server/reference/data/names';
import { getTaskType, taskTypeNotFound } from './read';

export const taskTypeConflictMessage = 'A task type with this name already exists.';
const taskTypeNameTaken: NameTaken = { code: 'taskTypes.nameTaken', message: taskTypeConflictMessage, path: 'type' };
const skillsDisabledMessage = 'Skills are not enabled for your company.';

const namedTaskTypes = { table: taskTypes, name: taskTypes.name };

/** Skills belong to feature 4; without it a type cannot be given any, rather than silently losing them. */
function assertSkillsAllowed(ctx: Ctx, body: TaskTypeBody): void {
  if (body.skills?.length && !ctx.features.includes(Feature.skills)) {
    throw businessRule('taskTypes.skillsDisabled', skillsDisabledMessage, fieldProblem('skills', 'taskTypes.skillsDisabled', skillsDisabledMessage));
  }
}

export async function createTaskType(ctx: Ctx, body: TaskTypeBody): Promise<TaskTypeView> {
  assertSkillsAllowed(ctx, body);
  const id = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, namedTaskTypes, body.type, taskTypeNameTaken);
    const [row] = await tx
      .insert(taskTypes)
      .values({ tenantId: ctx.tenantId, name: body.type, durationMins: body.durationMins })
      .returning({ id: taskTypes.id });
    await replaceLinks(tx, ctx, row.id, body);
    return row.id;
  });
  return getTaskType(ctx, id);
}

/** A deleted type cannot be edited any more: it answers 404 like a missing one. */
export async function updateTaskType(ctx: Ctx, id: number, body: TaskTypeBody): Promise<TaskTypeView> {
  assertSkillsAllowed(ctx, body);
  await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, namedTaskTypes, body.type, taskTypeNameTaken, id);
    const [row] = await tx
      .update(taskTypes)
      .set({ name: body.type, durationMins: body.durationMins, updated: new Date() })
      .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, id), isNull(taskTypes.deleted)))
      .returning({ id: taskTypes.id });
    if (!row) throw taskTypeNotFound();
    await replaceLinks(tx, ctx, id, body);
  });
  return getTaskType(ctx, id);
}

/** Soft delete: tasks that already have the type keep it; lists and new tasks no longer offer it. */
export async function deleteTaskType(ctx: Ctx, id: number): Promise<TaskTypeView> {
  const [row] = await ctx.db
    .update(taskTypes)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, id), isNull(taskTypes.deleted)))
    .returning({ id: taskTypes.id });
  if (!row) throw taskTypeNotFound();
  return getTaskType(ctx, id);
}

/**
 * Replaces the links the body names. Only links to live skills and fields are replaced: links to deleted ones
 * are invisible to the caller, so a save must not drop them.
 */
async function replaceLinks(tx: Tx, ctx: Ctx, taskTypeId: number, body: TaskTypeBody): Promise<void> {
  if (body.skills) {
    const skillIds = await liveLinkIds(
      tx,
      ctx.tenantId,
      skills,
      body.skills.map((link) => link.skillId),
      (index) => `skills.${index}.skillId`,
      { code: 'taskTypes.unknownSkill', message: 'Skill not found.' },
    );
    const liveSkills = tx
      .select({ id: skills.id })
      .from(skills)
      .where(and(eq(skills.tenantId, ctx.tenantId), isNull(skills.deleted)));
    await tx
      .delete(taskTypeSkills)
      .where(
        and(
          eq(taskTypeSkills.tenantId, ctx.tenantId),
          eq(taskTypeSkills.taskTypeId, taskTypeId),
          inArray(taskTypeSkills.skillId, liveSkills),
        ),
      );
    if (skillIds.length > 0) {
      await tx
        .insert(taskTypeSkills)
        .values(skillIds.map((skillId) => ({ tenantId: ctx.tenantId, taskTypeId, skillId })));
    }
  }
  if (body.customFields) {
    const fieldIds = await liveLinkIds(
      tx,
      ctx.tenantId,
      customFields,
      body.customFields.map((link) => link.customFieldId),
      (index) => `customFields.${index}.customFieldId`,
      { code: 'taskTypes.unknownCustomField', message: 'Custom field not found.' },
    );
    const liveFields = tx
      .select({ id: customFields.id })
      .from(customFields)
      .where(and(eq(customFields.tenantId, ctx.tenantId), isNull(customFields.deleted)));
    await tx
      .delete(taskTypeCustomFields)
      .where(
        and(
          eq(taskTypeCustomFields.tenantId, ctx.tenantId),
          eq(taskTypeCustomFields.taskTypeId, taskTypeId),
          inArray(taskTypeCustomFields.customFieldId, liveFields),
        ),
      );
    if (fieldIds.length > 0) {
      await tx
        .insert(taskTypeCustomFields)
        .values(fieldIds.map((customFieldId) => ({ tenantId: ctx.tenantId, taskTypeId, customFieldId })));
    }
  }
}
