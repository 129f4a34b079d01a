export { DEFAULT_SPEED_KMH, HaversineMatrixProvider, haversineMetres } from './haversine';
export { OsrmMatrixProvider, type OsrmOptions } from './osrm';
export { OsrmRouteProvider, splitAtWaypoints, StraightLineRouteProvider, type OsrmRouteOptions } from './osrm-route';
export {
  RouterError,
  type Coordinates,
  type LngLat,
  type MatrixProvider,
  type RouteProvider,
  type RouterErrorCode,
  type TravelMatrix,
} from './types';
