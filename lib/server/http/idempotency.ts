import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { idempotencyKeys } from '@/db/schema';
import { IdempotencyKey, idempotencyKeyHeader } from '@/lib/contract/worker';
import { problemOfIssue } from '@/lib/contract/problems';
import type { Ctx } from '../core/ctx';
import { conflict, HttpError, validationError } from '../core/errors';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';

export const IdempotencyErrorCode = {
  keyReused: 'request.idempotencyKeyReused',
  inProgress: 'request.idempotencyInProgress',
} as const satisfies Record<string, ErrorCodeName>;

export const idempotencyMessages = {
  keyReused: 'This idempotency key was already used for another call.',
  inProgress: 'A request with this idempotency key is still running. Try again in a moment.',
} as const;

/** A key answers its first answer for a day; after that it may stand for a new write (keeping rows is issue 18's). */
const keyLifetime = sql`interval '24 hours'`;
/** A request that never finished (the process died mid-write) stops blocking its key after this. */
const pendingLifetime = sql`interval '5 minutes'`;

type Claim = { kind: 'run' } | { kind: 'replay'; status: number; body: unknown };

const thisKey = (ctx: Ctx, key: string) =>
  and(eq(idempotencyKeys.tenantId, ctx.tenantId), eq(idempotencyKeys.userId, ctx.user.id), eq(idempotencyKeys.key, key));

function requestOf(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname}`;
}

function keyOf(request: Request): string | null {
  const raw = request.headers.get(idempotencyKeyHeader);
  if (raw === null) return null;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) throw validationError({ [idempotencyKeyHeader]: parsed.error.issues.map(problemOfIssue) });
  return parsed.data;
}

/**
 * Takes the key for this request, or tells why not. The row goes in first, without a status, so of two
 * concurrent requests with one key only the one that inserted runs; the other is told to retry.
 */
async function claim(ctx: Ctx, key: string, request: string): Promise<Claim> {
  // A key past its lifetime, or left pending by a request that died, is given up before the claim.
  await ctx.db
    .delete(idempotencyKeys)
    .where(
      and(
        thisKey(ctx, key),
        or(
          lt(idempotencyKeys.created, sql`now() - ${keyLifetime}`),
          and(isNull(idempotencyKeys.status), lt(idempotencyKeys.created, sql`now() - ${pendingLifetime}`)),
        ),
      ),
    );
  const inserted = await ctx.db
    .insert(idempotencyKeys)
    .values({ tenantId: ctx.tenantId, userId: ctx.user.id, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'run' };
  const [row] = await ctx.db.select().from(idempotencyKeys).where(thisKey(ctx, key));
  // Deleted between the insert and the read: the other request failed, so this one may retry the claim.
  if (!row) return claim(ctx, key, request);
  if (row.request !== request) {
    throw new HttpError(422, IdempotencyErrorCode.keyReused, idempotencyMessages.keyReused, undefined, {
      request: row.request,
    });
  }
  if (row.status === null) throw conflict(IdempotencyErrorCode.inProgress, idempotencyMessages.inProgress);
  return { kind: 'replay', status: row.status, body: row.response };
}

async function release(ctx: Ctx, key: string): Promise<void> {
  await ctx.db.delete(idempotencyKeys).where(and(thisKey(ctx, key), isNull(idempotencyKeys.status)));
}

/** The answer to keep: JSON (or an empty 204) only; the writes that take a key all answer JSON. */
async function storable(response: Response): Promise<{ status: number; body: unknown } | null> {
  if (response.status === 204) return { status: 204, body: null };
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return null;
  return { status: response.status, body: await response.clone().json() };
}

function replayResponse(status: number, body: unknown): Response {
  const response = status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  response.headers.set('idempotent-replay', 'true');
  return response;
}

/**
 * Runs a write once per Idempotency-Key: a replay with the key (same caller, same method and path) answers the
 * stored status and body without running the write; the key on another call answers 422; a request while the
 * first still runs answers 409. Only 2xx answers are kept, so a retry after an error runs the write again.
 * Without the header the write simply runs.
 */
export async function runIdempotent(ctx: Ctx, request: Request, run: () => Promise<Response>): Promise<Response> {
  const key = keyOf(request);
  if (key === null) return run();
  const claimed = await claim(ctx, key, requestOf(request));
  if (claimed.kind === 'replay') return replayResponse(claimed.status, claimed.body);
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release(ctx, key);
    throw error;
  }
  const kept = response.ok ? await storable(response) : null;
  if (!kept) {
    await release(ctx, key);
    return response;
  }
  await ctx.db
    .update(idempotencyKeys)
    .set({ status: kept.status, response: kept.body, completed: new Date() })
    .where(thisKey(ctx, key));
  return response;
}
