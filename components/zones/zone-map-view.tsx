'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import type { Feature, Polygon } from 'geojson';
import { Layer, Map as MapView, NavigationControl, Source } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import { outlineBounds, ringOf } from '@/lib/client/zones/outline';
import type { ZoneView } from '@/lib/contract/zones';

/** One zone's polygon, filled with its colour, the view fitted to it: the show-zone modal of the zones screen. */
export default function ZoneMapView({ zone, styleUrl, label }: { zone: ZoneView; styleUrl: string | null; label: string }) {
  const mapLocale = useMapLocale();
  const bounds = outlineBounds(zone.points);
  const shape: Feature<Polygon> = {
    type: 'Feature',
    properties: { id: zone.id },
    geometry: { type: 'Polygon', coordinates: [ringOf(zone.points)] },
  };
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="zone-map"
      className="h-[50vh] min-h-72 overflow-hidden rounded-md border border-slate-300 bg-slate-100"
    >
      <MapView
        initialViewState={bounds ? { bounds, fitBoundsOptions: { padding: 32 } } : undefined}
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Source id="zone-shape" type="geojson" data={shape}>
          <Layer id="zone-shape-fill" type="fill" paint={{ 'fill-color': zone.color, 'fill-opacity': 0.3 }} />
          <Layer id="zone-shape-line" type="line" paint={{ 'line-color': zone.color, 'line-width': 3 }} />
        </Source>
      </MapView>
    </div>
  );
}
