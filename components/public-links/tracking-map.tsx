'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapView, Marker } from 'react-map-gl/maplibre';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import { trackingBoundsDegrees } from '@/lib/contract/public-links';

/** One marker, the worker's last position or the task's location, framed ±0.0007° around it (spec 03 §9). */
export default function TrackingMap({
  styleUrl,
  lat,
  lng,
  label,
  markerLabel,
}: {
  styleUrl: string | null;
  lat: number;
  lng: number;
  label: string;
  markerLabel: string;
}) {
  const mapLocale = useMapLocale();
  const d = trackingBoundsDegrees;
  return (
    <div role="region" aria-label={label} className="h-72 overflow-hidden rounded-md border border-slate-300 bg-slate-100">
      <MapView
        key={`${lat},${lng}`}
        initialViewState={{ bounds: [lng - d, lat - d, lng + d, lat + d] }}
        mapStyle={styleUrl ?? openStreetMapStyle}
        locale={mapLocale}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
      >
        <Marker latitude={lat} longitude={lng} color="#1f6feb">
          <span
            data-testid="tracking-marker"
            role="img"
            aria-label={markerLabel}
            className="block h-4 w-4 rounded-full border-2 border-white bg-brand shadow"
          />
        </Marker>
      </MapView>
    </div>
  );
}
