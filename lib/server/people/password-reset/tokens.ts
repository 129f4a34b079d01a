import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/** A reset link is good for one hour (issue 14). */
export const resetTokenLifetimeMs = 60 * 60 * 1000;

/** 32 random bytes (256 bits), base64url: short enough for a link, far past guessing. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: the database alone cannot produce a working link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
