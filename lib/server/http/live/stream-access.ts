import 'server-only';
import { hasAnyRole, type Role } from '@/lib/contract/roles';
import { currentGrant, type Grant } from '../authenticate';
import { sessionCache } from '@/lib/server/people/auth/session-cache';
import type { Ctx } from '@/lib/server/core/ctx';
import { ErrorCode } from '@/lib/contract/errors';
import { HttpError, unauthorized } from '@/lib/server/core/errors';
import { errorFields, log } from '@/lib/server/core/log';

/** setTimeout's longest delay; a later expiry is waited for in several steps. */
const longestTimerMs = 2_147_483_647;

/** An open stream's hold on its caller's access. */
export interface StreamAccess {
  /** Sends now, or once a check that a change started allows it; never after access ended. */
  pass(send: () => void): void;
  /** Stops watching (the stream ended for another reason). */
  stop(): void;
}

interface Options {
  request: Request;
  ctx: Ctx;
  /** The roles the stream's route requires: losing all of them ends the stream. */
  roles: readonly Role[];
  /** Ends the stream: called once, when the session or key is gone, has expired, or lost the roles. */
  end(): void;
}

/** Whether an auth_changes payload (`user:<id>`, `tenant:<id>`, `all`) may concern this caller. */
function concerns(payload: string, ctx: Ctx): boolean {
  const [kind, rawId] = payload.split(':');
  const id = Number(rawId);
  if (kind === 'user' && Number.isInteger(id)) return id === ctx.user.id;
  if (kind === 'tenant' && Number.isInteger(id)) return id === ctx.tenantId;
  return true;
}

/**
 * Ties an open stream to the session or API key that opened it, on every app instance: the database notifies
 * auth_changes when a session ends (logout, password change or reset, deactivation) or a user or key changes, on
 * this process's one LISTEN connection (the session cache's). A notification concerning the caller holds the
 * stream's sends while the credential is read again past the cache; the stream ends when it is gone or no longer
 * has the route's roles, else the held sends go out. A timer ends it at the session's or key's expiry. A lost
 * LISTEN ends it too: changes made meanwhile were not heard, and the client reconnects through the usual checks.
 */
export async function holdStreamAccess({ request, ctx, roles, end }: Options): Promise<StreamAccess> {
  let ended = false;
  let held: (() => void)[] | null = null;
  let checking = false;
  let checkAgain = false;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | null = null;

  const finish = () => {
    if (ended) return;
    ended = true;
    held = null;
    clearTimeout(expiryTimer);
    unwatch?.();
    end();
  };

  const allows = (grant: Grant | null): grant is Grant =>
    grant !== null &&
    grant.caller.user.id === ctx.user.id &&
    grant.caller.tenantId === ctx.tenantId &&
    hasAnyRole(grant.caller.roles, roles);

  const endAt = (expires: number | null) => {
    clearTimeout(expiryTimer);
    if (expires === null) return;
    const wait = () => {
      const left = expires - Date.now();
      if (left <= 0) finish();
      else expiryTimer = setTimeout(wait, Math.min(left, longestTimerMs));
    };
    wait();
  };

  const check = async () => {
    checking = true;
    do {
      checkAgain = false;
      const grant = await currentGrant(request, ctx.requestId).catch((error: unknown) => {
        log.warn('stream access check failed, closing the stream', { requestId: ctx.requestId, ...errorFields(error) });
        return null;
      });
      if (!allows(grant)) return finish();
      endAt(grant.expires);
    } while (checkAgain && !ended);
    checking = false;
    const release = held ?? [];
    held = null;
    for (const send of release) if (!ended) send();
  };

  unwatch = await sessionCache().watch({
    changed(payload) {
      if (ended || !concerns(payload, ctx)) return;
      held ??= [];
      if (checking) checkAgain = true;
      else void check();
    },
    lost: finish,
  });
  // Without the LISTEN no revocation would reach this stream: refuse it rather than stream unchecked.
  if (!unwatch) throw new HttpError(503, ErrorCode.unavailable, 'The service is briefly unavailable. Please try again.');
  // Read after the watch began, so that a change committed in between is either seen here or heard there.
  const grant = await currentGrant(request, ctx.requestId);
  if (!allows(grant)) {
    unwatch();
    throw unauthorized();
  }
  endAt(grant.expires);

  return {
    pass(send) {
      if (ended) return;
      if (held) held.push(send);
      else send();
    },
    stop() {
      if (ended) return;
      ended = true;
      held = null;
      clearTimeout(expiryTimer);
      unwatch?.();
    },
  };
}
