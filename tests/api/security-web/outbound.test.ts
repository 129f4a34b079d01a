import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as geocode } from '@/app/api/web/geocode/route';
import { requestOsrm } from '@/lib/server/integrations/router/osrm-http';
import { xeroFetch } from '@/lib/server/integrations/xero/http';
import { deliver } from '@/lib/server/messaging/outbox/transport';
import { createCompany } from '../setup/fixtures';
import { call, signIn } from '../setup/http';

/** A local server that records what reaches it and answers with `answer`. */
async function standIn(answer: (request: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string }) {
  const hits: { method?: string; url?: string; host?: string }[] = [];
  const server: Server = createServer((request, response) => {
    hits.push({ method: request.method, url: request.url, host: request.headers.host });
    const { status, headers, body } = answer(request);
    response.writeHead(status, headers);
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { hits, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let target: Awaited<ReturnType<typeof standIn>>;
let redirector: Awaited<ReturnType<typeof standIn>>;
let geocoder: Awaited<ReturnType<typeof standIn>>;
let cookie: string;

beforeAll(async () => {
  // What an attacker would want reached: another service on this machine (a metadata or admin endpoint).
  target = await standIn(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '[]' }));
  redirector = await standIn((request) => ({ status: 302, headers: { location: `${target.origin}/internal${request.url}` } }));
  geocoder = await standIn(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '[]' }));
  const company = await createCompany();
  cookie = await signIn(company.owner.username);
});

afterAll(async () => {
  await Promise.all([target.close(), redirector.close(), geocoder.close()]);
});

afterEach(() => {
  for (const name of ['GEOCODER_URL', 'SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM']) delete process.env[name];
  target.hits.length = 0;
  redirector.hits.length = 0;
  geocoder.hits.length = 0;
});

describe('a configured service that answers a redirect to another host', () => {
  it('geocoder: the search fails with 502 and the other host is never called', async () => {
    process.env.GEOCODER_URL = redirector.origin;
    const response = await call(geocode, { query: { q: 'Via Roma 1' }, cookie });
    expect(response.status).toBe(502);
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toEqual([]);
  });

  it('router: the lookup fails (the route map then draws straight lines) and the other host is never called', async () => {
    await expect(requestOsrm(`${redirector.origin}/route/v1/driving/9.1,45.4;9.2,45.5`, 2_000)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toEqual([]);
  });

  it('Xero: the call fails and the other host is never called', async () => {
    await expect(xeroFetch(new URL(`${redirector.origin}/api.xro/2.0/Contacts`), { headers: { authorization: 'Bearer secret' } })).rejects.toThrow();
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toEqual([]);
  });

  it("SMS: delivery fails (the message stays queued) and the account's credentials never reach the other host", async () => {
    Object.assign(process.env, { SMS_URL: redirector.origin, SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'secret', SMS_FROM: '+390200000' });
    await expect(deliver({ channel: 'SMS', recipient: '+393330000000', subject: null, body: 'Hello' })).rejects.toThrow();
    expect(redirector.hits).toHaveLength(1);
    expect(target.hits).toEqual([]);
  });
});

describe('what a user types', () => {
  it.each([
    'http://127.0.0.1:1/admin',
    '@evil.example/',
    '//evil.example/x',
    '../../etc/passwd?x=#',
    'Via Roma 1\r\nHost: evil.example',
  ])('in the address search (%j) only ever reaches the configured geocoder, as the q parameter', async (text) => {
    process.env.GEOCODER_URL = geocoder.origin;
    const response = await call(geocode, { query: { q: text }, cookie });
    expect(response.status).toBeLessThan(500);
    expect(target.hits).toEqual([]);
    for (const hit of geocoder.hits) {
      const url = new URL(hit.url ?? '', geocoder.origin);
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('q')).toBe(text);
      expect(hit.host).toBe(new URL(geocoder.origin).host);
    }
  });

  it('cannot point the geocoder at a plain-http host other than this machine: the configured URL itself is checked', async () => {
    process.env.GEOCODER_URL = 'http://169.254.169.254/latest/meta-data';
    const response = await call(geocode, { query: { q: 'Via Roma 1' }, cookie });
    expect(response.status).toBe(502);
  });
});
