import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type LngLat = readonly [number, number];

export type StandInMode = 'ok' | 'refused' | 'down' | 'slow' | 'garbled';

/** Where the stand-in says a stop lies on its road network: a little east of it, as a real router snaps to a road. */
export const snapped = ([longitude, latitude]: LngLat): [number, number] => [Number((longitude + 0.0001).toFixed(6)), latitude];

/** The stand-in's road between two snapped stops: a bend north of the straight line's middle. */
export const bend = (from: LngLat, to: LngLat): [number, number] => [
  Number(((from[0] + to[0]) / 2).toFixed(6)),
  Number(((from[1] + to[1]) / 2 + 0.001).toFixed(6)),
];

/**
 * A local OSRM-compatible router on 127.0.0.1 answering /route/v1/driving/{lng,lat;...}?overview=full&geometries=geojson
 * as OSRM does: one route whose full GeoJSON line passes through every snapped waypoint, and the snapped waypoints.
 */
export async function startRouterStandIn() {
  const requests: URL[] = [];
  const state: { mode: StandInMode } = { mode: 'ok' };
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const send = (status: number, body: unknown) =>
      void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const match = /^\/route\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!match) return send(404, { code: 'InvalidUrl', message: 'no such path' });
    if (state.mode === 'refused') return send(400, { code: 'InvalidQuery', message: 'bad coordinates' });
    if (state.mode === 'down') return send(503, { code: 'Unavailable', message: 'overloaded' });
    if (state.mode === 'garbled') return send(200, { code: 'Ok', routes: [{ geometry: 'not geojson' }], waypoints: [] });
    const stops = decodeURIComponent(match[1])
      .split(';')
      .map((pair) => pair.split(',').map(Number) as [number, number]);
    const roads = stops.map(snapped);
    const line: [number, number][] = [roads[0]];
    roads.slice(1).forEach((to, index) => line.push(bend(roads[index], to), to));
    const body = {
      code: 'Ok',
      routes: [{ geometry: { type: 'LineString', coordinates: line }, distance: 1000, duration: 100, legs: [] }],
      waypoints: roads.map((location) => ({ location, name: 'Road' })),
    };
    if (state.mode === 'slow') setTimeout(() => send(200, body), 5000);
    else send(200, body);
  };
  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
