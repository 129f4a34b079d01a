import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { timeSlots } from '@/db/schema';
import type { TimeSlotView } from '@/lib/contract/time-slots';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export const timeSlotNotFound = () => notFound('timeSlots.notFound', 'Time slot not found.');

export const timeSlotColumns = {
  id: timeSlots.id,
  nameTimeSlot: timeSlots.name,
  startTimeSlot: timeSlots.startTime,
  endTimeSlot: timeSlots.endTime,
  deleted: timeSlots.deleted,
};

/** The live time slots in the order of the day. Open without feature 3, so existing tasks can show theirs. */
export async function listTimeSlots(ctx: Ctx): Promise<TimeSlotView[]> {
  return ctx.db
    .select(timeSlotColumns)
    .from(timeSlots)
    .where(and(eq(timeSlots.tenantId, ctx.tenantId), isNull(timeSlots.deleted)))
    .orderBy(asc(timeSlots.startTime), asc(timeSlots.endTime), asc(timeSlots.id));
}

/** One live slot, for the settings drawer; a deleted one answers 404 as PUT and DELETE do. */
export async function getTimeSlot(ctx: Ctx, id: number): Promise<TimeSlotView> {
  const [slot] = await ctx.db
    .select(timeSlotColumns)
    .from(timeSlots)
    .where(and(eq(timeSlots.tenantId, ctx.tenantId), eq(timeSlots.id, id), isNull(timeSlots.deleted)));
  if (!slot) throw timeSlotNotFound();
  return slot;
}
