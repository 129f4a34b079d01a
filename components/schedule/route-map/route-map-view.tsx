'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, LineString } from 'geojson';
import type { ReactNode } from 'react';
import { Layer, Map as MapView, Marker, NavigationControl, Popup, Source } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import { boundsWithOffset, routePoints, routeStops } from '@/lib/client/route-map/bounds';
import type { RouteLeg, RouteStop } from '@/lib/contract/task-direction';
import type { TrailPoint } from '@/lib/contract/tracking';
import { TrailLayer } from './trail-layer';

const lineColour = '#1f6feb';

/**
 * The worker's legs on a MapLibre map: one line layer for every leg, a numbered marker per stop (a button, so the
 * keyboard reaches it) and the chosen stop's popup. The view opens on every point with the spec's 0.07° margin.
 */
export default function RouteMapView({
  legs,
  trail,
  styleUrl,
  label,
  markerLabel,
  selected,
  onSelect,
  popup,
}: {
  legs: readonly RouteLeg[];
  /** The day's actual GPS breadcrumbs, drawn beside the planned legs. */
  trail: readonly TrailPoint[];
  styleUrl: string | null;
  label: string;
  markerLabel: (stop: RouteStop, number: number) => string;
  /** Index of the stop whose popup is open, or null. */
  selected: number | null;
  onSelect: (index: number | null) => void;
  popup: (stop: RouteStop, number: number) => ReactNode;
}) {
  const mapLocale = useMapLocale();
  const stops = routeStops(legs);
  const bounds = boundsWithOffset([...routePoints(legs), ...trail.map((point): [number, number] => [point.lng, point.lat])]);
  const lines: FeatureCollection<LineString> = {
    type: 'FeatureCollection',
    features: legs.map((leg) => ({
      type: 'Feature',
      properties: { from: leg.taskFrom.id, to: leg.taskTo.id },
      geometry: { type: 'LineString', coordinates: leg.geometry.coordinates },
    })),
  };
  const chosen = selected === null ? undefined : stops[selected];
  return (
    <div role="region" aria-label={label} className="h-[50vh] min-h-72 overflow-hidden rounded-md border border-slate-300 bg-slate-100">
      <MapView
        initialViewState={bounds ? { bounds, fitBoundsOptions: { padding: 24 } } : undefined}
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <TrailLayer points={trail} />
        <Source id="route-legs" type="geojson" data={lines}>
          <Layer
            id="route-legs-line"
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': lineColour, 'line-width': 4, 'line-opacity': 0.85 }}
          />
        </Source>
        {stops.map((stop, index) => (
          <Marker key={`${stop.id}-${index}`} longitude={stop.location.longitude} latitude={stop.location.latitude} anchor="center">
            <button
              type="button"
              aria-label={markerLabel(stop, index + 1)}
              aria-pressed={selected === index}
              data-testid="route-map-marker"
              onClick={(event) => {
                event.stopPropagation();
                onSelect(selected === index ? null : index);
              }}
              className="flex h-7 w-7 items-center justify-center rounded-full border-2 border-white bg-[#1f6feb] text-xs font-semibold text-white shadow focus:ring-2 focus:ring-amber-400 focus:outline-none"
            >
              {index + 1}
            </button>
          </Marker>
        ))}
        {chosen && selected !== null ? (
          <Popup
            longitude={chosen.location.longitude}
            latitude={chosen.location.latitude}
            anchor="bottom"
            offset={16}
            closeOnClick={false}
            onClose={() => onSelect(null)}
            maxWidth="280px"
          >
            {popup(chosen, selected + 1)}
          </Popup>
        ) : null}
      </MapView>
    </div>
  );
}
