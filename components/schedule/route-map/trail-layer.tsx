'use client';

import type { FeatureCollection, LineString, Point } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { TrailPoint } from '@/lib/contract/tracking';

export const trailColour = '#ea580c';

/** The worker's actual GPS breadcrumbs of the day, a dashed line with a dot per position, under the planned legs. */
export function TrailLayer({ points }: { points: readonly TrailPoint[] }) {
  if (points.length === 0) return null;
  const line: FeatureCollection<LineString> = {
    type: 'FeatureCollection',
    features:
      points.length > 1
        ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) } }]
        : [],
  };
  const dots: FeatureCollection<Point> = {
    type: 'FeatureCollection',
    features: points.map((p) => ({ type: 'Feature', properties: { recorded: p.recorded }, geometry: { type: 'Point', coordinates: [p.lng, p.lat] } })),
  };
  return (
    <>
      <Source id="worker-trail-line" type="geojson" data={line}>
        <Layer
          id="worker-trail-line"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': trailColour, 'line-width': 3, 'line-dasharray': [2, 1.5], 'line-opacity': 0.9 }}
        />
      </Source>
      <Source id="worker-trail-dots" type="geojson" data={dots}>
        <Layer
          id="worker-trail-dots"
          type="circle"
          paint={{ 'circle-color': trailColour, 'circle-radius': 3, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 }}
        />
      </Source>
    </>
  );
}
