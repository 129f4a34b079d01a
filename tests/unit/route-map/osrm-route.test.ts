import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OsrmRouteProvider, RouterError, splitAtWaypoints, StraightLineRouteProvider, type Coordinates } from '@/lib/server/integrations/router';
import { bend, snapped, startRouterStandIn } from '../../api/route-map/router-stand-in';

const stops: Coordinates[] = [
  { longitude: 9.19, latitude: 45.4642 },
  { longitude: 9.2, latitude: 45.49 },
  { longitude: 9.23, latitude: 45.47 },
  { longitude: 9.18, latitude: 45.44 },
  { longitude: 9.21, latitude: 45.45 },
];
const lngLat = (stop: Coordinates): [number, number] => [stop.longitude, stop.latitude];
const roadLeg = (from: Coordinates, to: Coordinates) => [lngLat(from), snapped(lngLat(from)), bend(snapped(lngLat(from)), snapped(lngLat(to))), snapped(lngLat(to)), lngLat(to)];

describe('OsrmRouteProvider', () => {
  let router: Awaited<ReturnType<typeof startRouterStandIn>>;
  beforeAll(async () => {
    router = await startRouterStandIn();
  });
  afterAll(async () => {
    await router.close();
  });
  beforeEach(() => {
    router.requests.length = 0;
    router.state.mode = 'ok';
  });

  it('cuts the one routed line into a leg per pair of stops', async () => {
    const legs = await new OsrmRouteProvider({ baseUrl: `${router.url}/`, timeoutMs: 2000 }).legs(stops);
    expect(router.requests).toHaveLength(1);
    expect(legs).toEqual(stops.slice(1).map((stop, index) => roadLeg(stops[index], stop)));
  });

  it('asks in windows that share their end stop when the route has more stops than one request allows', async () => {
    const legs = await new OsrmRouteProvider({ baseUrl: router.url, timeoutMs: 2000, maxWaypointsPerRequest: 3 }).legs(stops);
    expect(router.requests.map((request) => decodeURIComponent(request.pathname).split(';').length)).toEqual([3, 3]);
    expect(legs).toEqual(stops.slice(1).map((stop, index) => roadLeg(stops[index], stop)));
  });

  it('asks nothing for fewer than two stops and reports failures as router errors', async () => {
    const provider = new OsrmRouteProvider({ baseUrl: router.url, timeoutMs: 200 });
    expect(await provider.legs(stops.slice(0, 1))).toEqual([]);
    expect(router.requests).toHaveLength(0);
    router.state.mode = 'refused';
    await expect(provider.legs(stops)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    router.state.mode = 'down';
    await expect(provider.legs(stops)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    router.state.mode = 'slow';
    await expect(provider.legs(stops)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(() => new OsrmRouteProvider({ baseUrl: 'http://router.example.test', timeoutMs: 200 })).toThrow(RouterError);
  });
});

describe('splitAtWaypoints', () => {
  it('cuts at the first pass through a via point when the road goes through it twice', () => {
    const line: [number, number][] = [[0, 0], [1, 0], [2, 0], [1, 0], [1, 1]];
    const legs = splitAtWaypoints(line, [[0, 0], [1, 0], [1, 1]], [
      { longitude: 0, latitude: 0 },
      { longitude: 1, latitude: 0 },
      { longitude: 1, latitude: 1 },
    ]);
    expect(legs).toEqual([
      [[0, 0], [1, 0]],
      [[1, 0], [2, 0], [1, 0], [1, 1]],
    ]);
  });

  it('gives two stops at one place a leg of two points', () => {
    const here = { longitude: 3, latitude: 4 };
    expect(splitAtWaypoints([[3, 4], [3, 4]], [[3, 4], [3, 4]], [here, here])).toEqual([[[3, 4], [3, 4]]]);
  });
});

describe('StraightLineRouteProvider', () => {
  it('joins each stop to the next with a straight line', async () => {
    expect(await new StraightLineRouteProvider().legs(stops.slice(0, 3))).toEqual([
      [lngLat(stops[0]), lngLat(stops[1])],
      [lngLat(stops[1]), lngLat(stops[2])],
    ]);
  });
});
