import 'server-only';
import { eq } from 'drizzle-orm';
import { accounts, tenants, users } from '@/db/schema';
import { insertDefaultCancellationReasons } from '@/lib/server/reference/data/defaults';
import type { SignupBody } from '@/lib/contract/auth';
import { hashPassword } from '@/lib/server/people/auth/password';
import { takeAttempt } from '@/lib/server/core/rate-limit';
import { signIn, type SignInCaller } from '@/lib/server/people/auth/sign-in';
import type { CookieAnswer } from '@/lib/server/core/answer';
import { getDb } from '@/lib/server/core/db';
import { conflict, tooManyRequests } from '@/lib/server/core/errors';

/** New companies from one address: enough for a reseller setting up a few, too few to fill the database. */
export const signupLimit = { limit: 10, windowMs: 60 * 60_000 } as const;

/** The per-address limit, taken before POST signup's body is read (its route's beforeBody). */
export async function takeSignupAddressAttempt(clientAddress: string): Promise<void> {
  const allowed = await takeAttempt(await getDb(), `signup:ip:${clientAddress}`, signupLimit.limit, signupLimit.windowMs);
  if (!allowed) throw tooManyRequests();
}

/**
 * Creates the company and its owner in one transaction, then signs the owner in. A real sign-up is never in
 * demo mode, so the login page of its users never lists demo accounts.
 */
export async function signUp(caller: SignInCaller, body: SignupBody, requestId: string): Promise<CookieAnswer> {
  const db = await getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, body.email));
  if (existing) throw conflict('signup.emailTaken', 'could not save, already exists');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        displayName: body.company,
        settings: { industry: body.industry, companySize: body.companySize },
      })
      .returning({ id: tenants.id });
    const [owner] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        username: body.email,
        name: body.name,
        surname: body.surname,
        owner: true,
        tasksManager: true,
        usersManager: true,
        billingManager: true,
      })
      .returning({ id: users.id });
    await tx
      .insert(accounts)
      .values({ userId: owner.id, accountId: String(owner.id), providerId: 'credential', password: passwordHash });
    await insertDefaultCancellationReasons(tx, tenant.id);
  });
  return signIn(caller, { username: body.email, password: body.password, rememberMe: true }, requestId);
}
