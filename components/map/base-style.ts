import { setWorkerUrl, type StyleSpecification } from 'maplibre-gl';

// MapLibre's worker is served from public/ rather than bundled; every map of the app imports this module first.
setWorkerUrl('/maplibre-gl-worker.mjs');

/** The map style when no MAP_STYLE_URL is configured: OpenStreetMap's raster tiles. */
export const openStreetMapStyle: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      attribution: '© OpenStreetMap contributors',
    },
  },
  layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
};
