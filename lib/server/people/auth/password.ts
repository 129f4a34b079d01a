import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id; its enum is a const enum that isolated modules cannot read. */
const argon2id = 2;

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. */
const argon2idOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks the password against the hash of a random password nobody knows, made with the same algorithm and cost as
 * every stored hash: a sign-in for an unknown, deleted or inactive account then takes as long as a wrong password
 * for a real one, so the answer's timing does not tell which usernames exist.
 */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
}
