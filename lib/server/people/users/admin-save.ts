import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts, tenants, users } from '@/db/schema';
import { userMessages, type AdminUpdateUserBody, type CreateUserBody, type UserView } from '@/lib/contract/user-admin';
import { hashPassword } from '@/lib/server/people/auth/password';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { invalidField, notFound } from '@/lib/server/core/errors';
import {
  assertFeatureFields,
  assertMayChange,
  assertUsernameFree,
  usernameClash,
  dropZonesOfNonAssignees,
  endSessions,
  replaceSkills,
  replaceZones,
} from './admin-rules';
import { queueFirstLoginMail, firstLoginPassword } from './first-login-mail';
import { readUser } from './read';
import { assertLiveTemplate } from './working-template';

type UserFields = Omit<CreateUserBody, 'username' | 'skills' | 'zones' | 'workingHoursTemplateId'>;

/** The users columns the form sets, the same for a new user and a changed one. */
const columnsOf = (body: UserFields) => ({
  name: body.name,
  surname: body.surname,
  phone: body.phone,
  phoneCountryCode: body.phoneCountryCode,
  preferredLanguage: body.preferredLanguage,
  owner: body.owner,
  tasksManager: body.tasksManager,
  usersManager: body.usersManager,
  billingManager: body.billingManager,
  assignee: body.assignee,
  active: body.active,
});

/** Skills and zones as the body gives them; left out, they stay as they are. Non-assignees keep no zones. */
async function writeLinks(tx: Tx, tenantId: number, userId: number, body: Pick<CreateUserBody, 'skills' | 'zones' | 'assignee'>) {
  if (body.skills !== undefined) await replaceSkills(tx, tenantId, [userId], body.skills);
  if (body.assignee && body.zones !== undefined) await replaceZones(tx, tenantId, [userId], body.zones);
  await dropZonesOfNonAssignees(tx, tenantId, [userId]);
}

/**
 * POST users: the new user, their password login and their welcome e-mail in one transaction. The password is
 * random and reaches the user only through the e-mail; first_login makes them choose their own at once.
 */
export async function createUser(ctx: Ctx, body: CreateUserBody): Promise<UserView> {
  assertFeatureFields(ctx, body);
  assertMayChange(ctx, { id: 0, owner: false }, { owner: body.owner });
  const password = firstLoginPassword();
  // argon2 is slow on purpose: hashed before the transaction so no locks wait on it.
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    await assertUsernameFree(tx, body.username);
    if (body.workingHoursTemplateId) await assertLiveTemplate(tx, ctx, body.workingHoursTemplateId);
    const [created] = await tx
      .insert(users)
      .values({
        tenantId: ctx.tenantId,
        username: body.username,
        ...columnsOf(body),
        workingHoursTemplateId: body.workingHoursTemplateId ?? null,
        firstLogin: true,
      })
      .returning({ id: users.id })
      .catch((error: unknown) => {
        throw usernameClash(error);
      });
    await tx.insert(accounts).values({ userId: created.id, accountId: String(created.id), providerId: 'credential', password: passwordHash });
    await writeLinks(tx, ctx.tenantId, created.id, body);
    const [tenant] = await tx.select({ displayName: tenants.displayName }).from(tenants).where(eq(tenants.id, ctx.tenantId));
    await queueFirstLoginMail(tx, {
      tenantId: ctx.tenantId,
      company: tenant.displayName,
      username: body.username,
      name: body.name,
      language: body.preferredLanguage,
      password,
    });
    return readUser(tx, ctx.tenantId, created.id);
  });
}

/**
 * PUT users/{id}?admin=true: the whole form for one user of the tenant. Deactivating ends the user's sessions, so
 * a signed-in browser of theirs is signed out at its next call.
 */
export async function updateUser(ctx: Ctx, id: number, body: AdminUpdateUserBody): Promise<UserView> {
  assertFeatureFields(ctx, body);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id, username: users.username, owner: users.owner, active: users.active })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id), isNull(users.deleted)))
      .for('update');
    if (!current) throw notFound('user.notFound', userMessages.userNotFound);
    if (body.username !== undefined && body.username !== current.username.toLowerCase()) {
      throw invalidField('username', 'user.usernameReadOnly', userMessages.usernameReadOnly);
    }
    assertMayChange(ctx, current, { owner: body.owner, active: body.active });
    if (body.workingHoursTemplateId) await assertLiveTemplate(tx, ctx, body.workingHoursTemplateId);
    await tx
      .update(users)
      .set({
        ...columnsOf(body),
        ...(body.workingHoursTemplateId !== undefined ? { workingHoursTemplateId: body.workingHoursTemplateId } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id)));
    await writeLinks(tx, ctx.tenantId, id, body);
    if (current.active && !body.active) await endSessions(tx, [id]);
    return readUser(tx, ctx.tenantId, id);
  });
}
