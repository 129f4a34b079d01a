import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';
import {
  apiKeyMarker,
  apiKeyMessages,
  apiKeyPrefixLength,
  defaultApiKeyRoles,
  maskedApiKey,
  type ApiKeyBody,
  type ApiKeyRole,
  type ApiKeyView,
  type CreatedApiKeyView,
} from '@/lib/contract/api-keys';
import { nextDate, startOfDay, todayIn, zonedDateAndTime } from '@/lib/contract/zoned-time';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import type { Ctx } from '@/lib/server/core/ctx';
import { invalidField, notFound } from '@/lib/server/core/errors';
import { assertNameFree } from '@/lib/server/reference/data/names';

const keyNotFound = () => notFound('apiKey.notFound', 'API key not found.');

/** A live key's name, ignoring case as the unique index does; the 409 names the name field too. */
const keyNames = { table: apiKeys, name: apiKeys.name };
const keyNameTaken = { code: 'apiKey.duplicate', message: apiKeyMessages.conflict, path: 'nameApiKey' } as const;

/** 32 bytes from the CSPRNG (256 bits) behind the marker: far past guessing, and recognisable at a glance. */
export function generateApiKey(): string {
  return `${apiKeyMarker}${randomBytes(32).toString('base64url')}`;
}

/** The instant a key with this last day stops working: the start of the next day in the tenant's zone. */
function expiryInstant(ctx: Ctx, expiry: string): Date {
  return startOfDay(nextDate(expiry), ctx.tenantTimeZone);
}

type KeyRow = typeof apiKeys.$inferSelect;

function viewOf(ctx: Ctx, row: KeyRow, now = new Date()): ApiKeyView {
  return {
    id: row.id,
    nameApiKey: row.name,
    keyPrefix: row.keyPrefix,
    maskedKey: maskedApiKey(row.keyPrefix),
    // The stored instant is the start of the day after the last one; a millisecond earlier is still that last day.
    expiry: row.expiry ? zonedDateAndTime(new Date(row.expiry.getTime() - 1), ctx.tenantTimeZone).date : null,
    expiresAt: row.expiry?.toISOString() ?? null,
    expired: row.expiry !== null && row.expiry.getTime() <= now.getTime(),
    roles: [...row.roles],
    lastUsed: row.lastUsed?.toISOString() ?? null,
    created: row.created.toISOString(),
  };
}

/** The tenant's live keys by name, masked. */
export async function listApiKeys(ctx: Ctx): Promise<ApiKeyView[]> {
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, ctx.tenantId), isNull(apiKeys.deleted)))
    .orderBy(sql`lower(${apiKeys.name})`, asc(apiKeys.id));
  const now = new Date();
  return rows.map((row) => viewOf(ctx, row, now));
}

async function liveKey(ctx: Ctx, id: number): Promise<KeyRow> {
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, ctx.tenantId), eq(apiKeys.id, id), isNull(apiKeys.deleted)));
  if (!row) throw keyNotFound();
  return row;
}

export async function getApiKey(ctx: Ctx, id: number): Promise<ApiKeyView> {
  return viewOf(ctx, await liveKey(ctx, id));
}

/**
 * A key acts with its roles, so nobody can mint a key stronger than themselves: each role given must be one the
 * saver holds. Roles a key already had are left alone, so another manager can still rename it.
 */
function assertRolesHeld(ctx: Ctx, roles: readonly ApiKeyRole[], already: readonly ApiKeyRole[] = []): void {
  if (roles.some((role) => !already.includes(role) && !ctx.roles.includes(role))) {
    throw invalidField('roles', 'apiKey.roleNotHeld', apiKeyMessages.roleNotHeld);
  }
}

/** A last day before today (tenant zone) would make a key that never works; an unchanged past expiry may stay. */
function assertExpiryAhead(ctx: Ctx, expiry: string | null | undefined, stored?: string | null): void {
  if (expiry && expiry !== stored && expiry < todayIn(ctx.tenantTimeZone)) {
    throw invalidField('expiry', 'apiKey.expiryInPast', apiKeyMessages.expiryInPast);
  }
}

/** Makes a key and answers it once: only its hash and its first characters are stored. */
export async function createApiKey(ctx: Ctx, body: ApiKeyBody): Promise<CreatedApiKeyView> {
  const roles = [...new Set(body.roles ?? defaultApiKeyRoles)];
  assertRolesHeld(ctx, roles);
  assertExpiryAhead(ctx, body.expiry);
  const apiKey = generateApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, keyNames, body.nameApiKey, keyNameTaken);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        tenantId: ctx.tenantId,
        name: body.nameApiKey,
        keyHash: hashApiKey(apiKey),
        keyPrefix: apiKey.slice(0, apiKeyPrefixLength),
        expiry: body.expiry ? expiryInstant(ctx, body.expiry) : null,
        roles,
        createdById: ctx.user.id,
      })
      .returning();
    return inserted;
  });
  return { ...viewOf(ctx, row), apiKey };
}

/** Renames a key, moves its expiry or changes its roles; the key itself never changes (make a new one instead). */
export async function updateApiKey(ctx: Ctx, id: number, body: ApiKeyBody): Promise<ApiKeyView> {
  const current = await liveKey(ctx, id);
  const roles = body.roles ? [...new Set(body.roles)] : current.roles;
  assertRolesHeld(ctx, roles, current.roles);
  const { expiry } = body;
  assertExpiryAhead(ctx, expiry, viewOf(ctx, current).expiry);
  const row = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, keyNames, body.nameApiKey, keyNameTaken, id);
    const [updated] = await tx
      .update(apiKeys)
      .set({
        name: body.nameApiKey,
        ...(expiry === undefined ? {} : { expiry: expiry ? expiryInstant(ctx, expiry) : null }),
        roles,
        updated: new Date(),
      })
      .where(and(eq(apiKeys.tenantId, ctx.tenantId), eq(apiKeys.id, id), isNull(apiKeys.deleted)))
      .returning();
    if (!updated) throw keyNotFound();
    return updated;
  });
  return viewOf(ctx, row);
}

/** Soft delete: the key stops working at once (the Bearer lookup skips deleted keys); its name is free again. */
export async function deleteApiKey(ctx: Ctx, id: number): Promise<ApiKeyView> {
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(apiKeys.tenantId, ctx.tenantId), eq(apiKeys.id, id), isNull(apiKeys.deleted)))
    .returning();
  if (!row) throw keyNotFound();
  return viewOf(ctx, row);
}
