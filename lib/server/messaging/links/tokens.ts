import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { taskAccessTokens } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';

export type TaskLinkPurpose = 'FEEDBACK' | 'TRACKING';

/** A feedback link stays usable for a month; a tracking link lives until the task ends, checked when it is read. */
const feedbackLifetimeMs = 30 * 86_400_000;
const trackingLifetimeMs = 365 * 86_400_000;

const pathOf: Record<TaskLinkPurpose, string> = { FEEDBACK: '/app/f/', TRACKING: '/app/t/' };

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new public link for a task: 256 random bits in the URL, only their hash in the database. Called inside the
 * transaction that queues the message carrying the link, so a rolled-back message leaves no live link behind.
 */
export async function createTaskLink(
  tx: DbOrTx,
  input: { tenantId: number; taskId: number; purpose: TaskLinkPurpose },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = input.purpose === 'FEEDBACK' ? feedbackLifetimeMs : trackingLifetimeMs;
  await tx.insert(taskAccessTokens).values({
    tenantId: input.tenantId,
    taskId: input.taskId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    expires: new Date(Date.now() + lifetime),
  });
  return `${env.appUrl.replace(/\/$/, '')}${pathOf[input.purpose]}${token}`;
}

/** The tokens of the task links written in a message's text: what createTaskLink put there. */
function linkTokensIn(text: string): string[] {
  return [...text.matchAll(/\/app\/[ft]\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/**
 * Deletes the links made for messages that were dropped before they went out (a reminder planned again because the
 * appointment moved): nobody ever received them, so they would only pile up. The message's own text names them,
 * so no other bookkeeping is needed; a link already used is kept.
 */
export async function dropUnsentTaskLinks(tx: DbOrTx, tenantId: number, taskId: number, texts: readonly string[]): Promise<void> {
  const hashes = texts.flatMap(linkTokensIn).map(hashToken);
  if (hashes.length === 0) return;
  await tx
    .delete(taskAccessTokens)
    .where(
      and(
        eq(taskAccessTokens.tenantId, tenantId),
        eq(taskAccessTokens.taskId, taskId),
        inArray(taskAccessTokens.tokenHash, hashes),
        isNull(taskAccessTokens.used),
      ),
    );
}

export interface ResolvedLink {
  id: number;
  tenantId: number;
  taskId: number;
  used: Date | null;
}

/** The unexpired token row of this purpose, or null: the tenant comes from the row, since nobody is signed in. */
export async function resolveTaskLink(db: DbOrTx, token: string, purpose: TaskLinkPurpose): Promise<ResolvedLink | null> {
  const [row] = await db
    .select({
      id: taskAccessTokens.id,
      tenantId: taskAccessTokens.tenantId,
      taskId: taskAccessTokens.taskId,
      used: taskAccessTokens.used,
    })
    .from(taskAccessTokens)
    .where(
      and(
        eq(taskAccessTokens.tokenHash, hashToken(token)),
        eq(taskAccessTokens.purpose, purpose),
        gt(taskAccessTokens.expires, new Date()),
      ),
    );
  return row ?? null;
}
