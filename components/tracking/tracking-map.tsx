'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { Map as MapView, Marker, NavigationControl, Popup, type MapRef } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import { dotColours, zoomBox, type LngLatBox } from '@/lib/client/tracking/summary';
import type { TrackingDot } from '@/lib/contract/tracking';

/** Where the map opens with no position and no default view saved: central Europe, wide enough to find any place. */
const fallbackView = { latitude: 45.4642, longitude: 9.19, zoom: 4 };

export interface MapWorker {
  id: number;
  name: string;
  lat: number;
  lng: number;
  dot: TrackingDot;
}

/** A worker to zoom to; `seq` tells two asks for the same worker apart. */
export interface MapFocus {
  lat: number;
  lng: number;
  seq: number;
}

/**
 * The tracking screen's map: one marker per shown worker in the colour of their dot (a button, so the keyboard
 * reaches it), the chosen worker's popup, and a zoom to the 0.0007° box around a position when asked.
 */
export default function TrackingMap({
  workers,
  opening,
  focus,
  styleUrl,
  label,
  markerLabel,
  selected,
  onSelect,
  popup,
}: {
  workers: readonly MapWorker[];
  opening: LngLatBox | null;
  focus: MapFocus | null;
  styleUrl: string | null;
  label: string;
  markerLabel: (worker: MapWorker) => string;
  selected: number | null;
  onSelect: (id: number | null) => void;
  popup: (worker: MapWorker) => ReactNode;
}) {
  const mapLocale = useMapLocale();
  const mapRef = useRef<MapRef>(null);
  useEffect(() => {
    if (focus) mapRef.current?.fitBounds(zoomBox(focus), { duration: 600 });
  }, [focus]);
  const chosen = workers.find((worker) => worker.id === selected);
  return (
    <div role="region" aria-label={label} data-testid="tracking-map" className="h-[55vh] min-h-80 overflow-hidden rounded-md border border-slate-300 bg-slate-100 lg:h-[calc(100vh-12rem)]">
      <MapView
        ref={mapRef}
        initialViewState={opening ? { bounds: opening, fitBoundsOptions: { padding: 48, maxZoom: 15 } } : fallbackView}
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {workers.map((worker) => (
          <Marker key={worker.id} longitude={worker.lng} latitude={worker.lat} anchor="center">
            <button
              type="button"
              aria-label={markerLabel(worker)}
              aria-pressed={selected === worker.id}
              data-testid="tracking-marker"
              data-dot={worker.dot}
              onClick={(event) => {
                event.stopPropagation();
                onSelect(selected === worker.id ? null : worker.id);
              }}
              style={{ backgroundColor: dotColours[worker.dot] }}
              className="block h-5 w-5 rounded-full border-2 border-white shadow focus:ring-2 focus:ring-amber-400 focus:outline-none"
            />
          </Marker>
        ))}
        {chosen ? (
          <Popup
            longitude={chosen.lng}
            latitude={chosen.lat}
            anchor="bottom"
            offset={14}
            closeOnClick={false}
            onClose={() => onSelect(null)}
            maxWidth="260px"
          >
            {popup(chosen)}
          </Popup>
        ) : null}
      </MapView>
    </div>
  );
}
