import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { taskAccessTokens } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';

export type LinkPurpose = 'FEEDBACK' | 'TRACKING';

/**
 * Makes a public link to a task for a message. An interface so the public pages' own createTaskLink (branch
 * s14-public, lib/server/task-links) can replace the default below without touching the triggers.
 */
export type LinkMaker = (db: DbOrTx, link: { tenantId: number; taskId: number; purpose: LinkPurpose }) => Promise<string>;

const dayMs = 86_400_000;
/** A feedback link lasts 30 days; a tracking link far ahead, since the page itself refuses once the task is done. */
const lifetimeMs: Record<LinkPurpose, number> = { FEEDBACK: 30 * dayMs, TRACKING: 3650 * dayMs };
const pathOf: Record<LinkPurpose, string> = { FEEDBACK: '/app/f/', TRACKING: '/app/t/' };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The default: a random 32-byte token in the link, only its SHA-256 hash in task_access_tokens. */
export const storedTokenLink: LinkMaker = async (db, { tenantId, taskId, purpose }) => {
  const token = randomBytes(32).toString('base64url');
  await db.insert(taskAccessTokens).values({
    tenantId,
    taskId,
    purpose,
    tokenHash: hashToken(token),
    expires: new Date(Date.now() + lifetimeMs[purpose]),
  });
  return new URL(`${pathOf[purpose]}${token}`, env.appUrl).toString();
};
