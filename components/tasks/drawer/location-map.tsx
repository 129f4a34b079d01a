'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapView, Marker, NavigationControl } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';

/** Where the map opens without a pin: central Europe, wide enough to find any address. */
const fallbackView = { latitude: 45.4642, longitude: 9.19, zoom: 4 };

export default function LocationMap({
  styleUrl,
  latitude,
  longitude,
  label,
  onPick,
}: {
  styleUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  label: string;
  onPick: (latitude: number, longitude: number) => void;
}) {
  const mapLocale = useMapLocale();
  const hasPin = latitude !== null && longitude !== null;
  return (
    <div role="region" aria-label={label} className="h-48 overflow-hidden rounded-md border border-slate-300 bg-slate-100">
      <MapView
        key={hasPin ? `${latitude},${longitude}` : 'none'}
        initialViewState={hasPin ? { latitude, longitude, zoom: 15 } : fallbackView}
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        onClick={(event) => onPick(event.lngLat.lat, event.lngLat.lng)}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {hasPin ? <Marker latitude={latitude} longitude={longitude} color="#1f6feb" /> : null}
      </MapView>
    </div>
  );
}
