import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Xero on 127.0.0.1, speaking what the app uses of it: the OAuth 2.0 consent page and token endpoint
 * (authorization_code, refresh_token, client_credentials), GET /connections and the Accounting API's paged
 * GET Contacts. Tests steer it through `control` (expired tokens, a lapsed subscription, a slow answer) and read
 * what it was asked in `requests`.
 */
export interface StandInContact {
  ContactID: string;
  Name: string;
  [field: string]: unknown;
}

export interface StandInApp {
  clientId: string;
  clientSecret: string;
  /** A web app gets codes and refresh tokens; a custom connection only the client-credentials grant. */
  kind: 'WEB_APP' | 'CUSTOM';
}

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | null;
  tenantHeader: string | null;
  accept: string | null;
}

interface IssuedToken {
  clientId: string;
  expiresAt: number;
}

export interface XeroStandIn {
  url: string;
  identityUrl: string;
  apiUrl: string;
  organisationId: string;
  apps: StandInApp[];
  contacts: StandInContact[];
  requests: StandInRequest[];
  control: {
    /** Seconds a new access token lives (Xero: 1800). */
    expiresIn: number;
    /** Off: the organisation's subscription has lapsed; the API answers 403 and no connection is listed. */
    subscriptionActive: boolean;
    /** The next this many API calls answer 401, whatever the token (a token revoked or expired early). */
    unauthorizedCalls: number;
    /** Milliseconds before every answer. */
    delayMs: number;
  };
  /** Every access token issued so far stops working, as after their 30 minutes. */
  expireAccessTokens(): void;
  /** Every refresh token issued so far stops working, as after the user disconnects the app. */
  revokeRefreshTokens(): void;
  tokenCalls(grant?: string): StandInRequest[];
  close(): Promise<void>;
}

export const standInPageSize = 100;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function startXeroStandIn(options: { apps: StandInApp[]; contacts?: StandInContact[]; port?: number }): Promise<XeroStandIn> {
  const accessTokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, string>();
  const codes = new Map<string, { clientId: string; redirectUri: string }>();
  const issue = () => randomBytes(16).toString('hex');

  const standIn: Omit<XeroStandIn, 'url' | 'identityUrl' | 'apiUrl' | 'close'> = {
    organisationId: 'org-7f3a',
    apps: options.apps,
    contacts: options.contacts ?? [],
    requests: [],
    control: { expiresIn: 1800, subscriptionActive: true, unauthorizedCalls: 0, delayMs: 0 },
    expireAccessTokens: () => accessTokens.forEach((token) => (token.expiresAt = 0)),
    revokeRefreshTokens: () => refreshTokens.clear(),
    tokenCalls: (grant) =>
      standIn.requests.filter((r) => r.path === '/connect/token' && (!grant || r.form.grant_type === grant)),
  };

  const appOf = (authorization: string | null): StandInApp | undefined => {
    if (!authorization?.startsWith('Basic ')) return undefined;
    const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    const app = standIn.apps.find((candidate) => candidate.clientId === decodeURIComponent(id ?? ''));
    return app && app.clientSecret === decodeURIComponent(secret ?? '') ? app : undefined;
  };

  const tokenAnswer = (app: StandInApp, withRefresh: boolean) => {
    const accessToken = issue();
    accessTokens.set(accessToken, { clientId: app.clientId, expiresAt: Date.now() + standIn.control.expiresIn * 1000 });
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: standIn.control.expiresIn,
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refreshToken = issue();
      refreshTokens.set(refreshToken, app.clientId);
      answer.refresh_token = refreshToken;
    }
    return answer;
  };

  /** The bearer token's app, or the 401 Xero answers for a missing, unknown or expired one. */
  const bearer = (request: StandInRequest, response: ServerResponse): IssuedToken | null => {
    const token = accessTokens.get(request.authorization?.replace(/^Bearer /, '') ?? '');
    if (standIn.control.unauthorizedCalls > 0 || !token || token.expiresAt <= Date.now()) {
      if (standIn.control.unauthorizedCalls > 0) standIn.control.unauthorizedCalls -= 1;
      send(response, 401, { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired: token expired' });
      return null;
    }
    return token;
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const raw = incoming.method === 'POST' ? await readBody(incoming) : '';
    const request: StandInRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(raw)),
      authorization: incoming.headers.authorization ?? null,
      tenantHeader: (incoming.headers['xero-tenant-id'] as string | undefined) ?? null,
      accept: incoming.headers.accept ?? null,
    };
    if (url.pathname === '/health') return send(response, 200, { ok: true });
    standIn.requests.push(request);
    if (standIn.control.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.control.delayMs));
    if (response.destroyed) return;

    if (request.method === 'GET' && url.pathname === '/connect/authorize') {
      // The consent page: the user agrees at once, and the browser goes back with a code and the same state.
      const app = standIn.apps.find((candidate) => candidate.clientId === request.query.client_id);
      const redirectUri = request.query.redirect_uri ?? '';
      if (!app || app.kind !== 'WEB_APP' || request.query.response_type !== 'code' || !redirectUri) {
        return send(response, 400, { error: 'unauthorized_client' });
      }
      const code = issue();
      codes.set(code, { clientId: app.clientId, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('scope', request.query.scope ?? '');
      back.searchParams.set('state', request.query.state ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/connect/token') {
      const app = appOf(request.authorization);
      if (!app) return send(response, 400, { error: 'invalid_client' });
      const { grant_type: grant } = request.form;
      if (grant === 'client_credentials') {
        if (app.kind !== 'CUSTOM') return send(response, 400, { error: 'unauthorized_client' });
        return send(response, 200, tokenAnswer(app, false));
      }
      if (grant === 'authorization_code') {
        const issued = codes.get(request.form.code ?? '');
        codes.delete(request.form.code ?? '');
        if (!issued || issued.clientId !== app.clientId || issued.redirectUri !== request.form.redirect_uri) {
          return send(response, 400, { error: 'invalid_grant' });
        }
        return send(response, 200, tokenAnswer(app, true));
      }
      if (grant === 'refresh_token') {
        const owner = refreshTokens.get(request.form.refresh_token ?? '');
        if (owner !== app.clientId) return send(response, 400, { error: 'invalid_grant' });
        refreshTokens.delete(request.form.refresh_token ?? '');
        return send(response, 200, tokenAnswer(app, true));
      }
      return send(response, 400, { error: 'unsupported_grant_type' });
    }

    if (request.method === 'GET' && url.pathname === '/connections') {
      if (!bearer(request, response)) return;
      if (!standIn.control.subscriptionActive) return send(response, 200, []);
      return send(response, 200, [
        { id: 'conn-1', tenantId: standIn.organisationId, tenantType: 'ORGANISATION', tenantName: 'Stand-in Ltd' },
      ]);
    }

    if (request.method === 'GET' && url.pathname === '/api.xro/2.0/Contacts') {
      if (!bearer(request, response)) return;
      if (!standIn.control.subscriptionActive || request.tenantHeader !== standIn.organisationId) {
        return send(response, 403, { Type: null, Title: 'Forbidden', Status: 403, Detail: 'AuthenticationUnsuccessful' });
      }
      if (!request.accept?.includes('application/json')) return send(response, 406, { error: 'xml only' });
      const page = Math.max(1, Number(request.query.page ?? '1') || 1);
      const slice = standIn.contacts.slice((page - 1) * standInPageSize, page * standInPageSize);
      return send(response, 200, { Id: issue(), Status: 'OK', Contacts: slice });
    }

    return send(response, 404, { error: 'not found' });
  };

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => send(response, 500, { error: 'stand-in failure' }));
  });
  return new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}`;
      resolve(
        Object.assign(standIn, {
          url,
          identityUrl: url,
          apiUrl: `${url}/api.xro/2.0`,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      );
    });
  });
}

/** `count` contacts named "<prefix> 001", ... with a phone, an e-mail and both addresses. */
export function standInContacts(count: number, prefix = 'Contact'): StandInContact[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return {
      ContactID: `${prefix.toLowerCase().replace(/\W+/g, '-')}-${n}`,
      Name: `${prefix} ${n}`,
      ContactStatus: 'ACTIVE',
      FirstName: 'Anna',
      LastName: `Rossi ${n}`,
      EmailAddress: `contact${n}@example.test`,
      Phones: [
        { PhoneType: 'FAX', PhoneNumber: '000' },
        { PhoneType: 'DEFAULT', PhoneNumber: `555 01${n}`, PhoneAreaCode: '02', PhoneCountryCode: '39' },
      ],
      Addresses: [
        { AddressType: 'POBOX', AddressLine1: `PO Box ${n}`, City: 'Milano', PostalCode: '20100', Country: 'Italy' },
        { AddressType: 'STREET', AddressLine1: `Via Roma ${index + 1}`, City: 'Milano', PostalCode: '20121', Country: 'Italy' },
      ],
    };
  });
}
