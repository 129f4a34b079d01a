import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { timeSlots } from '@/db/schema';
import type { TimeSlotBody, TimeSlotView } from '@/lib/contract/time-slots';
import type { Ctx } from '@/lib/server/core/ctx';
import { assertNameFree, type NameTaken } from '@/lib/server/reference/data/names';
import { timeSlotColumns, timeSlotNotFound } from './read';

export const timeSlotConflictMessage = 'A time slot with this name already exists.';
const timeSlotNameTaken: NameTaken = { code: 'timeSlots.nameTaken', message: timeSlotConflictMessage, path: 'nameTimeSlot' };

const namedSlots = { table: timeSlots, name: timeSlots.name };

function slotColumns(body: TimeSlotBody) {
  return { name: body.nameTimeSlot, startTime: body.startTimeSlot, endTime: body.endTimeSlot };
}

export async function createTimeSlot(ctx: Ctx, body: TimeSlotBody): Promise<TimeSlotView> {
  await assertNameFree(ctx.db, ctx.tenantId, namedSlots, body.nameTimeSlot, timeSlotNameTaken);
  const [slot] = await ctx.db
    .insert(timeSlots)
    .values({ tenantId: ctx.tenantId, ...slotColumns(body) })
    .returning(timeSlotColumns);
  return slot;
}

/** A deleted slot answers 404. Tasks already in the slot keep it; their times are theirs and do not move. */
export async function updateTimeSlot(ctx: Ctx, id: number, body: TimeSlotBody): Promise<TimeSlotView> {
  await assertNameFree(ctx.db, ctx.tenantId, namedSlots, body.nameTimeSlot, timeSlotNameTaken, id);
  const [slot] = await ctx.db
    .update(timeSlots)
    .set({ ...slotColumns(body), updated: new Date() })
    .where(and(eq(timeSlots.tenantId, ctx.tenantId), eq(timeSlots.id, id), isNull(timeSlots.deleted)))
    .returning(timeSlotColumns);
  if (!slot) throw timeSlotNotFound();
  return slot;
}

/** Soft delete: tasks keep their slot; the task form no longer offers it. */
export async function deleteTimeSlot(ctx: Ctx, id: number): Promise<TimeSlotView> {
  const [slot] = await ctx.db
    .update(timeSlots)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(timeSlots.tenantId, ctx.tenantId), eq(timeSlots.id, id), isNull(timeSlots.deleted)))
    .returning(timeSlotColumns);
  if (!slot) throw timeSlotNotFound();
  return slot;
}
