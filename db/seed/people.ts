import { accounts, users } from '@/db/schema';
import { hashPassword } from '@/lib/server/people/auth/password';
import type { DbOrTx } from '@/lib/server/core/db';

export const demoPassword = 'demo-pass-2026';

export type PersonSeed = Omit<typeof users.$inferInsert, 'id' | 'tenantId'>;

let demoPasswordHash: Promise<string> | undefined;

/** argon2id is slow on purpose; one hash serves every demo login. */
export function demoPasswordHashOnce(): Promise<string> {
  demoPasswordHash ??= hashPassword(demoPassword);
  return demoPasswordHash;
}

export const managerRoles = { owner: true, tasksManager: true, usersManager: true, billingManager: true } as const;

/** Users plus their better-auth credential accounts, so each can sign in with the shared password. */
export async function createLogins(
  db: DbOrTx,
  tenantId: number,
  people: PersonSeed[],
  passwordHash: string,
): Promise<Map<string, number>> {
  const rows = await db
    .insert(users)
    .values(people.map((person) => ({ ...person, tenantId })))
    .returning({ id: users.id, username: users.username });
  await db.insert(accounts).values(
    rows.map((row) => ({
      userId: row.id,
      accountId: String(row.id),
      providerId: 'credential',
      password: passwordHash,
    })),
  );
  return new Map(rows.map((row) => [row.username, row.id]));
}
