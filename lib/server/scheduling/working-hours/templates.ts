import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { compareText } from '@/lib/contract/person-name';
import { noHoursText, templateMessages, weekDays, type TemplateBody, type TemplateView } from '@/lib/contract/working-hours';
import type { DbOrTx, Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { assertNameFree, type NameTaken } from '@/lib/server/reference/data/names';

export const templateNotFound = () => notFound('workingHours.notFound', 'Template not found.');

const namedTemplates = { table: workingHoursTemplates, name: workingHoursTemplates.name };
const templateNameTaken: NameTaken = { code: 'workingHours.nameTaken', message: templateMessages.exists, path: 'name' };

type TemplateRow = { id: number; name: string };

/** GET working-hours: the tenant's live templates by name, each with its seven days. */
export async function listTemplates(ctx: Ctx): Promise<TemplateView[]> {
  const rows = await ctx.db
    .select({ id: workingHoursTemplates.id, name: workingHoursTemplates.name })
    .from(workingHoursTemplates)
    .where(and(eq(workingHoursTemplates.tenantId, ctx.tenantId), isNull(workingHoursTemplates.deleted)));
  // As a person reads them ("Shift 2" before "Shift 10"), which the database's text order cannot do.
  rows.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
  return withDays(ctx.db, ctx.tenantId, rows);
}

/** GET working-hours/{id}: a deleted template answers 404 like a missing one. */
export async function getTemplate(ctx: Ctx | { db: DbOrTx; tenantId: number }, id: number): Promise<TemplateView> {
  const [row] = await ctx.db
    .select({ id: workingHoursTemplates.id, name: workingHoursTemplates.name })
    .from(workingHoursTemplates)
    .where(
      and(
        eq(workingHoursTemplates.tenantId, ctx.tenantId),
        eq(workingHoursTemplates.id, id),
        isNull(workingHoursTemplates.deleted),
      ),
    );
  if (!row) throw templateNotFound();
  const [view] = await withDays(ctx.db, ctx.tenantId, [row]);
  return view;
}

/**
 * Days come Monday first. Every save writes all seven rows, so a missing row only comes from data written before;
 * it reads as a day without hours, with id 0 as it has no row yet.
 */
async function withDays(db: DbOrTx, tenantId: number, rows: TemplateRow[]): Promise<TemplateView[]> {
  if (rows.length === 0) return [];
  const days = await db
    .select({
      id: workingHoursTemplateDays.id,
      templateId: workingHoursTemplateDays.templateId,
      day: workingHoursTemplateDays.day,
      hours: workingHoursTemplateDays.hours,
    })
    .from(workingHoursTemplateDays)
    .where(
      and(
        eq(workingHoursTemplateDays.tenantId, tenantId),
        inArray(
          workingHoursTemplateDays.templateId,
          rows.map((row) => row.id),
        ),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    days: weekDays.map((day) => {
      const stored = days.find((entry) => entry.templateId === row.id && entry.day === day);
      return stored ? { id: stored.id, day, hours: stored.hours } : { id: 0, day, hours: noHoursText };
    }),
  }));
}

/** POST working-hours: the template and its seven days in one transaction. */
export async function createTemplate(ctx: Ctx, body: TemplateBody): Promise<TemplateView> {
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, namedTemplates, body.name, templateNameTaken);
    const [row] = await tx
      .insert(workingHoursTemplates)
      .values({ tenantId: ctx.tenantId, name: body.name })
      .returning({ id: workingHoursTemplates.id });
    await writeDays(tx, ctx.tenantId, row.id, body);
    return getTemplate({ db: tx, tenantId: ctx.tenantId }, row.id);
  });
}

/**
 * PUT working-hours/{id}. The client's changeName flag says whether it renamed the template; the name is checked
 * against the other live templates either way, since a flag from the client cannot be trusted to guard uniqueness.
 */
export async function updateTemplate(ctx: Ctx, id: number, body: TemplateBody): Promise<TemplateView> {
  return ctx.db.transaction(async (tx) => {
    const live = and(
      eq(workingHoursTemplates.tenantId, ctx.tenantId),
      eq(workingHoursTemplates.id, id),
      isNull(workingHoursTemplates.deleted),
    );
    const [row] = await tx.select({ id: workingHoursTemplates.id }).from(workingHoursTemplates).where(live).for('update');
    if (!row) throw templateNotFound();
    await assertNameFree(tx, ctx.tenantId, namedTemplates, body.name, templateNameTaken, id);
    await tx.update(workingHoursTemplates).set({ name: body.name, updated: new Date() }).where(live);
    await writeDays(tx, ctx.tenantId, id, body);
    return getTemplate({ db: tx, tenantId: ctx.tenantId }, id);
  });
}

/** DELETE working-hours/{id}: a soft delete; the name is free again for a new template. */
export async function deleteTemplate(ctx: Ctx, id: number): Promise<{ id: number }> {
  const [row] = await ctx.db
    .update(workingHoursTemplates)
    .set({ deleted: new Date(), updated: new Date() })
    .where(
      and(
        eq(workingHoursTemplates.tenantId, ctx.tenantId),
        eq(workingHoursTemplates.id, id),
        isNull(workingHoursTemplates.deleted),
      ),
    )
    .returning({ id: workingHoursTemplates.id });
  if (!row) throw templateNotFound();
  return { id: row.id };
}

/** All seven days at once: a day the body leaves out has no hours. */
async function writeDays(tx: Tx, tenantId: number, templateId: number, body: TemplateBody): Promise<void> {
  const hoursOf = new Map(body.days.map((entry) => [entry.day, entry.hours]));
  await tx
    .insert(workingHoursTemplateDays)
    .values(weekDays.map((day) => ({ tenantId, templateId, day, hours: hoursOf.get(day) ?? noHoursText })))
    .onConflictDoUpdate({
      target: [workingHoursTemplateDays.tenantId, workingHoursTemplateDays.templateId, workingHoursTemplateDays.day],
      set: { hours: sql`excluded.hours` },
    });
}
