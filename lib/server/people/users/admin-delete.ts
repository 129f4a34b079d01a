import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import { userMessages } from '@/lib/contract/user-admin';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { assertMayChange, endSessions } from './admin-rules';

/**
 * DELETE users/{id}: a soft delete. The row stays, so the tasks, notes and history that name the person keep their
 * name; the user leaves every list, cannot sign in, and their open sessions end. The username stays taken: it
 * still identifies that row.
 */
export async function deleteUser(ctx: Ctx, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id, owner: users.owner })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id), isNull(users.deleted)))
      .for('update');
    if (!current) throw notFound('user.notFound', userMessages.userNotFound);
    assertMayChange(ctx, current, { deleting: true });
    await tx.update(users).set({ deleted: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await endSessions(tx, [id]);
    return { id };
  });
}
