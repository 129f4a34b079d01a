import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { AccountingToken } from '@/db/schema';
import {
  accountingCallbackPath,
  xeroScopes,
  type AccountingAuthorisationBody,
  type AccountingCredentialsBody,
  type AccountingCredentialsView,
  type AccountingTestAnswer,
} from '@/lib/contract/accounting';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import { connectedTenantId, contactsPage } from '@/lib/server/integrations/xero/accounting-api';
import { XeroError } from '@/lib/server/integrations/xero/errors';
import {
  authorisationUrl,
  clientCredentialsToken,
  exchangeAuthorisationCode,
  refreshAccessToken,
} from '@/lib/server/integrations/xero/identity';
import { asAccountingCall, invalidState, notConnected } from './errors';
import {
  consumeAuthorisationState,
  loadCredentials,
  storeToken,
  upsertCredentials,
  type StoredCredentials,
} from './credentials-store';

/** A token this close to its expiry is renewed first, so a long import does not run out of it halfway. */
const refreshMarginMs = 2 * 60 * 1000;
/** How long the user has to come back from the provider's consent page. */
const authorisationLifetimeMs = 15 * 60 * 1000;

const redirectUri = () => new URL(accountingCallbackPath, env.appUrl).toString();
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

function viewOf(stored: StoredCredentials | null): AccountingCredentialsView {
  return {
    saved: stored !== null,
    connectionMethod: stored?.connectionMethod ?? null,
    clientId: stored?.clientId ?? null,
    authorised: stored !== null && (stored.connectionMethod === 'CUSTOM' || stored.token !== null),
  };
}

/** GET xero/get-credentials. */
export function getCredentials(ctx: Ctx): Promise<AccountingCredentialsView> {
  return asAccountingCall(async () => viewOf(await loadCredentials(ctx.db, ctx.tenantId)));
}

/** POST xero/save-credentials with the drawer's fields. */
export function saveCredentials(ctx: Ctx, body: AccountingCredentialsBody): Promise<AccountingCredentialsView> {
  return asAccountingCall(() =>
    ctx.db.transaction(async (tx) => {
      await upsertCredentials(tx, ctx.tenantId, body);
      return viewOf(await loadCredentials(tx, ctx.tenantId));
    }),
  );
}

/**
 * POST xero. A custom connection is checked at once: a token by the client-credentials grant, the organisation,
 * and one page of contacts. A web app is saved (spec 03 §4: the test saves) with a fresh single-use `state`, and
 * answers the provider's consent page to send the browser to.
 */
export function testCredentials(ctx: Ctx, body: AccountingCredentialsBody): Promise<AccountingTestAnswer> {
  return asAccountingCall(async () => {
    if (body.connectionMethod === 'WEB_APP') {
      const state = randomBytes(32).toString('base64url');
      const url = authorisationUrl(body.clientId, redirectUri(), xeroScopes, state);
      await ctx.db.transaction((tx) =>
        upsertCredentials(tx, ctx.tenantId, body, {
          authorisationStateHash: hashState(state),
          authorisationStateExpires: new Date(Date.now() + authorisationLifetimeMs),
          authorisationUserId: ctx.user.id,
        }),
      );
      return { authorizationUrl: url };
    }
    let token: AccountingToken;
    try {
      token = await clientCredentialsToken(body);
    } catch (error) {
      if (error instanceof XeroError && error.failure === 'invalid-client') return { valid: false };
      throw error;
    }
    const tenantId = await connectedTenantId(token.accessToken);
    await contactsPage(token.accessToken, tenantId, 1);
    return { valid: true };
  });
}

/**
 * POST xero/save-credentials from the callback page: the code is exchanged here, with the secret the browser never
 * had. The state must be the one this user's test issued, unexpired and unused.
 */
export function completeAuthorisation(ctx: Ctx, body: AccountingAuthorisationBody): Promise<AccountingCredentialsView> {
  return asAccountingCall(async () => {
    if (!(await consumeAuthorisationState(ctx.db, ctx.tenantId, ctx.user.id, hashState(body.state)))) throw invalidState();
    const stored = await loadCredentials(ctx.db, ctx.tenantId);
    if (!stored || stored.connectionMethod !== 'WEB_APP') throw invalidState();
    const token = await exchangeAuthorisationCode(stored, body.code, redirectUri());
    const providerTenantId = await connectedTenantId(token.accessToken);
    const saved = { ...token, providerTenantId };
    await storeToken(ctx.db, ctx.tenantId, saved);
    return viewOf({ ...stored, token: saved });
  });
}

export interface XeroAccess {
  accessToken: string;
  providerTenantId: string;
}

const fresh = (token: AccountingToken | null): token is AccountingToken & { providerTenantId: string } =>
  token !== null &&
  token.providerTenantId !== undefined &&
  (token.expiresAt === undefined || Date.parse(token.expiresAt) - refreshMarginMs > Date.now());

/**
 * A usable access token and the organisation it reads. A token near its expiry, or one the API refused
 * (`renew`), is replaced: by the refresh token for a web app, by a new client-credentials token for a custom
 * connection. The row stays locked meanwhile, so concurrent imports renew once and share the result. A refresh
 * token Xero no longer accepts is forgotten: the user must authorise again.
 */
export async function xeroAccess(ctx: Ctx, renew = false): Promise<XeroAccess> {
  let lostAuthorisation = false;
  const access = await ctx.db.transaction(async (tx): Promise<XeroAccess | null> => {
    const stored = await loadCredentials(tx, ctx.tenantId, true);
    if (!stored) throw notConnected();
    if (!renew && fresh(stored.token)) return stored.token;
    let token: AccountingToken;
    if (stored.connectionMethod === 'CUSTOM') {
      token = await clientCredentialsToken(stored);
    } else {
      if (!stored.token?.refreshToken) throw notConnected();
      try {
        token = await refreshAccessToken(stored, stored.token.refreshToken);
      } catch (error) {
        if (!(error instanceof XeroError) || error.failure !== 'invalid-grant') throw error;
        await storeToken(tx, ctx.tenantId, null);
        lostAuthorisation = true;
        return null;
      }
      // Xero may rotate the refresh token; one it did not send back stays the one to use.
      token.refreshToken ??= stored.token.refreshToken;
    }
    const providerTenantId = stored.token?.providerTenantId ?? (await connectedTenantId(token.accessToken));
    const saved = { ...token, providerTenantId };
    await storeToken(tx, ctx.tenantId, saved);
    return saved;
  });
  if (!access || lostAuthorisation) throw notConnected();
  return access;
}

/** After the API refused a renewed token too, a web app's authorisation is gone: forget it so the drawer opens. */
export async function forgetAuthorisation(ctx: Ctx): Promise<void> {
  const stored = await loadCredentials(ctx.db, ctx.tenantId);
  if (stored?.connectionMethod === 'WEB_APP') await storeToken(ctx.db, ctx.tenantId, null);
}
