import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as geocode } from '@/app/api/web/geocode/route';
import { createCompany, createUser } from './setup/fixtures';
import { call, signIn } from './setup/http';

/** A stand-in Nominatim: 'slow' answers after the 2-second limit, 'nowhere' finds nothing. */
function startStubGeocoder(): Promise<{ server: Server; url: string; queries: string[] }> {
  const queries: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q') ?? '';
    queries.push(`${url.pathname}?q=${q}&format=${url.searchParams.get('format')}`);
    const answer = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (q === 'slow street') setTimeout(() => answer([]), 3000);
    else if (q === 'nowhere at all') answer([]);
    else answer([{ display_name: 'Via Roma 1, Milano, Italia', lat: '45.4642', lon: '9.19' }, { display_name: 'broken' }]);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, queries });
    });
  });
}

let stub: Awaited<ReturnType<typeof startStubGeocoder>>;
let dispatcherCookie: string;
let workerCookie: string;

beforeAll(async () => {
  stub = await startStubGeocoder();
  const company = await createCompany();
  const dispatcher = await createUser(company.tenantId, { tasksManager: true });
  dispatcherCookie = await signIn(dispatcher.username);
  workerCookie = await signIn(company.worker.username);
});

afterAll(() => {
  stub.server.closeAllConnections();
  stub.server.close();
  delete process.env.GEOCODER_URL;
});

beforeEach(() => {
  process.env.GEOCODER_URL = stub.url;
});

const search = (q: string, cookie = dispatcherCookie) => call(geocode, { path: '/api/web/geocode', query: { q }, cookie });

describe('GET geocode', () => {
  it('answers the places the geocoder found, leaving out malformed ones', async () => {
    const response = await search('Via Roma 1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [{ address: 'Via Roma 1, Milano, Italia', latitude: 45.4642, longitude: 9.19 }],
    });
    expect(stub.queries.at(-1)).toBe('/search?q=Via Roma 1&format=jsonv2');
  });

  it('answers an empty list when nothing is found', async () => {
    const response = await search('nowhere at all');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
  });

  it('gives up after 2 seconds with GEOCODER_UNAVAILABLE, so the form shows its warning', async () => {
    const started = Date.now();
    const response = await search('slow street');
    const elapsed = Date.now() - started;
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('geocoder.unavailable');
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(2900);
  });

  it('answers 503 GEOCODER_NOT_CONFIGURED without GEOCODER_URL', async () => {
    delete process.env.GEOCODER_URL;
    const response = await search('Via Roma 1');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('geocoder.notConfigured');
  });

  it('never calls a plain-http host other than this machine', async () => {
    process.env.GEOCODER_URL = 'http://geocoder.example.test';
    const response = await search('Via Roma 1');
    expect(response.status).toBe(502);
  });

  it('asks for at least 3 characters and is refused to a worker (task and users managers search)', async () => {
    expect((await search('ab')).status).toBe(400);
    expect((await search('Via Roma 1', workerCookie)).status).toBe(403);
  });
});
