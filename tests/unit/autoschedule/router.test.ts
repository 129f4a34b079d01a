import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HaversineMatrixProvider, haversineMetres, OsrmMatrixProvider, RouterError, type Coordinates } from '@/lib/server/integrations/router';

const places: Coordinates[] = [
  { latitude: 48.8566, longitude: 2.3522 },
  { latitude: 48.8606, longitude: 2.3376 },
  { latitude: 48.8738, longitude: 2.295 },
  { latitude: 48.8867, longitude: 2.3431 },
  { latitude: 48.8462, longitude: 2.3372 },
  { latitude: 48.8339, longitude: 2.3937 },
];

/** Fake road metrics: 1.3 × the straight line, driven at 30 km/h, so the test can predict every cell. */
const roadMetres = (from: Coordinates, to: Coordinates): number => Math.round(haversineMetres(from, to) * 1.3);
const roadSeconds = (from: Coordinates, to: Coordinates): number => Math.round(roadMetres(from, to) / (30 / 3.6));

interface Recorded {
  path: string;
  query: URLSearchParams;
}

describe('matrix providers', () => {
  let server: Server;
  let baseUrl = '';
  const requests: Recorded[] = [];
  let mode: 'ok' | 'slow' | 'error' | 'unroutable' = 'ok';

  const answer = (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams });
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!match) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'InvalidUrl', message: 'no such path' }));
      return;
    }
    if (mode === 'error') {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'InvalidQuery', message: 'bad coordinates' }));
      return;
    }
    const coordinates = decodeURIComponent(match[1]).split(';').map((pair) => {
      const [longitude, latitude] = pair.split(',').map(Number);
      return { latitude, longitude };
    });
    const pick = (name: string): number[] => {
      const value = url.searchParams.get(name);
      return value ? value.split(';').map(Number) : coordinates.map((_, index) => index);
    };
    const sources = pick('sources');
    const destinations = pick('destinations');
    const body = {
      code: 'Ok',
      durations: sources.map((from) => destinations.map((to) => (mode === 'unroutable' && from !== to ? null : roadSeconds(coordinates[from], coordinates[to])))),
      distances: sources.map((from) => destinations.map((to) => (mode === 'unroutable' && from !== to ? null : roadMetres(coordinates[from], coordinates[to])))),
      sources: sources.map((index) => ({ location: [coordinates[index].longitude, coordinates[index].latitude] })),
      destinations: destinations.map((index) => ({ location: [coordinates[index].longitude, coordinates[index].latitude] })),
    };
    const send = (): void => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'slow') setTimeout(send, 500);
    else send();
  };

  beforeAll(async () => {
    server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('haversine gives metres and seconds at the configured speed', async () => {
    const provider = new HaversineMatrixProvider(36);
    const matrix = await provider.matrix(places.slice(0, 2));
    expect(matrix.distances[0][0]).toBe(0);
    expect(matrix.distances[0][1]).toBeGreaterThan(1100);
    expect(matrix.distances[0][1]).toBeLessThan(1200);
    expect(matrix.durations[0][1]).toBeCloseTo(matrix.distances[0][1] / 10, 9);
    expect((await new HaversineMatrixProvider().matrix(places.slice(0, 2))).durations[0][1]).toBeCloseTo(matrix.distances[0][1] / (40 / 3.6), 9);
  });

  it('asks the OSRM table service for durations and distances in one request', async () => {
    mode = 'ok';
    requests.length = 0;
    const provider = new OsrmMatrixProvider({ baseUrl: `${baseUrl}/`, timeoutMs: 2000 });
    const matrix = await provider.matrix(places);
    expect(requests).toHaveLength(1);
    expect(requests[0].query.get('annotations')).toBe('duration,distance');
    expect(requests[0].path.startsWith('/table/v1/driving/2.3522,48.8566;')).toBe(true);
    places.forEach((from, row) =>
      places.forEach((to, column) => {
        expect(matrix.distances[row][column]).toBe(roadMetres(from, to));
        expect(matrix.durations[row][column]).toBe(roadSeconds(from, to));
      }),
    );
  });

  it('splits a matrix larger than the service allows into source and destination blocks', async () => {
    mode = 'ok';
    requests.length = 0;
    const provider = new OsrmMatrixProvider({ baseUrl, timeoutMs: 2000, maxLocationsPerRequest: 4 });
    const matrix = await provider.matrix(places);
    expect(requests).toHaveLength(9);
    for (const request of requests) expect(request.path.split(';')).toHaveLength(request.query.get('sources') === request.query.get('destinations') ? 2 : 4);
    places.forEach((from, row) => places.forEach((to, column) => expect(matrix.durations[row][column]).toBe(roadSeconds(from, to))));
  });

  it('reports a refused query, an unroutable pair and a timeout as router errors', async () => {
    const provider = new OsrmMatrixProvider({ baseUrl, timeoutMs: 150 });
    mode = 'error';
    await expect(provider.matrix(places)).rejects.toMatchObject({ name: 'RouterError', code: 'BAD_RESPONSE' });
    mode = 'unroutable';
    await expect(provider.matrix(places)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    mode = 'slow';
    await expect(provider.matrix(places)).rejects.toMatchObject({ code: 'TIMEOUT' });
    mode = 'ok';
  });

  it('reports an unreachable service and rejects invalid coordinates', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const provider = new OsrmMatrixProvider({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1000 });
    await expect(provider.matrix(places)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(provider.matrix([{ latitude: 95, longitude: 0 }])).rejects.toBeInstanceOf(RouterError);
  });
});
