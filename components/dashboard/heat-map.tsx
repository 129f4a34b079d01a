'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { Layer, Map as MapView, NavigationControl, Source, type HeatmapLayerSpecification } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import type { TaskLocationPoint } from '@/lib/contract/dashboard';

/**
 * The period's task places as a MapLibre heatmap layer, each point weighted by its task count against the busiest
 * place; the view opens on the box around every point.
 */
export default function HeatMap({ styleUrl, points, label }: { styleUrl: string | null; points: TaskLocationPoint[]; label: string }) {
  const mapLocale = useMapLocale();
  const busiest = Math.max(...points.map((point) => point.count));
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const bounds: [[number, number], [number, number]] = [
    [Math.min(...lngs) - 0.01, Math.min(...lats) - 0.01],
    [Math.max(...lngs) + 0.01, Math.max(...lats) + 0.01],
  ];
  const data: GeoJSON.FeatureCollection<GeoJSON.Point, { count: number }> = {
    type: 'FeatureCollection',
    features: points.map((point) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
      properties: { count: point.count },
    })),
  };
  const layer: Omit<HeatmapLayerSpecification, 'source'> = {
    id: 'task-heat',
    type: 'heatmap',
    paint: {
      'heatmap-weight': ['interpolate', ['linear'], ['get', 'count'], 0, 0, busiest, 1],
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 0, 1, 15, 3],
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 0, 4, 10, 18, 15, 30],
      'heatmap-opacity': 0.8,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(59,130,246,0)',
        0.2,
        '#60a5fa',
        0.4,
        '#34d399',
        0.6,
        '#facc15',
        0.8,
        '#f97316',
        1,
        '#dc2626',
      ],
    },
  };
  return (
    <div role="region" aria-label={label} className="h-72 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
      <MapView
        initialViewState={{ bounds, fitBoundsOptions: { padding: 24, maxZoom: 14 } }}
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Source id="task-places" type="geojson" data={data}>
          <Layer {...layer} />
        </Source>
      </MapView>
    </div>
  );
}
