'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { Map as MapView, Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import type { MapBounds } from '@/lib/contract/tenant-settings';

/** Where the map opens when no default view is saved: central Europe, wide enough to find any place. */
const fallbackView = { latitude: 45.4642, longitude: 9.19, zoom: 4 };

/** A place the map is asked to show (the office just found by the search); `seq` tells two asks for one place apart. */
export interface MapFocus {
  latitude: number;
  longitude: number;
  seq: number;
}

const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The locale screen's one map: it opens on the saved default view, reports every view it comes to rest on, tells
 * when a person moved it (drag, wheel, zoom buttons carry the browser event; resizes and the opening fit do not),
 * places the office marker where it is clicked and flies to a place found by the address search.
 */
export default function LocaleMap({
  styleUrl,
  initialBounds,
  office,
  focus,
  label,
  onView,
  onUserMove,
  onPick,
}: {
  styleUrl: string | null;
  initialBounds: MapBounds | null;
  office: { latitude: number; longitude: number } | null;
  focus: MapFocus | null;
  label: string;
  onView: (bounds: MapBounds) => void;
  onUserMove: () => void;
  onPick: (latitude: number, longitude: number) => void;
}) {
  const mapLocale = useMapLocale();
  const mapRef = useRef<MapRef>(null);

  useEffect(() => {
    if (focus) mapRef.current?.flyTo({ center: [focus.longitude, focus.latitude], zoom: Math.max(mapRef.current.getZoom(), 14) });
  }, [focus]);

  const report = (map: Pick<MapLibreMap, 'getBounds'>) => {
    const bounds = map.getBounds();
    onView({
      southWest: { lat: rounded(bounds.getSouth()), lng: rounded(bounds.getWest()) },
      northEast: { lat: rounded(bounds.getNorth()), lng: rounded(bounds.getEast()) },
    });
  };

  return (
    <div role="region" aria-label={label} className="h-[28rem] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      <MapView
        ref={mapRef}
        initialViewState={
          initialBounds
            ? {
                bounds: [
                  [initialBounds.southWest.lng, initialBounds.southWest.lat],
                  [initialBounds.northEast.lng, initialBounds.northEast.lat],
                ],
              }
            : fallbackView
        }
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        onLoad={(event) => report(event.target)}
        onMoveStart={(event) => {
          if (event.originalEvent) onUserMove();
        }}
        onMoveEnd={(event) => report(event.target)}
        onClick={(event) => onPick(rounded(event.lngLat.lat), rounded(event.lngLat.lng))}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {office ? <Marker latitude={office.latitude} longitude={office.longitude} color="#1f6feb" /> : null}
      </MapView>
    </div>
  );
}
