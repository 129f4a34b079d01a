export { DEFAULT_SPEED_KMH, HaversineMatrixProvider, haversineMetres } from './haversine';
export { OsrmMatrixProvider, type OsrmOptions } from './osrm';
export { RouterError, type Coordinates, type MatrixProvider, type RouterErrorCode, type TravelMatrix } from './types';
