'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { Eraser } from 'lucide-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { Map as MapView, NavigationControl } from 'react-map-gl/maplibre';
import {
  TerraDraw,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
  type HexColor,
  type TerraDrawExtend,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { openStreetMapStyle } from '@/components/map/base-style';
import { useMapLocale } from '@/components/map/use-map-locale';
import { Button } from '@/components/ui/button';
import { cornersOf, outlineBounds, ringOf, type LatLng, type LngLatBounds } from '@/lib/client/zones/outline';
import { defaultZoneColor, type ZonePointView } from '@/lib/contract/zones';

/** Where the map opens with neither a zone nor a tenant default view: central Europe. */
const fallbackView = { latitude: 45.4642, longitude: 9.19, zoom: 4 };

const isHex = (color: string): color is HexColor => /^#[0-9a-fA-F]{6}$/.test(color);
const hexOr = (color: string): HexColor => (isHex(color) ? color : defaultZoneColor);

/** The drawing and the selected zone in the zone's own colour, so the map shows what the table's swatch will. */
const polygonStyles = (color: HexColor) => ({
  fillColor: color,
  fillOpacity: 0.3,
  outlineColor: color,
  outlineWidth: 2,
  closingPointColor: color,
  closingPointWidth: 7,
  closingPointOutlineColor: '#ffffff' as HexColor,
  closingPointOutlineWidth: 2,
});
const selectStyles = (color: HexColor) => ({
  selectedPolygonColor: color,
  selectedPolygonFillOpacity: 0.3,
  selectedPolygonOutlineColor: color,
  selectedPolygonOutlineWidth: 3,
  selectionPointColor: color,
  selectionPointWidth: 6,
  selectionPointOutlineColor: '#ffffff' as HexColor,
  selectionPointOutlineWidth: 2,
  midPointColor: color,
  midPointOutlineColor: '#ffffff' as HexColor,
});

/** Only a finished outline is checked: while the user is still clicking corners the lines may cross for a moment. */
const notSelfIntersecting: TerraDrawExtend.BaseModeOptions<Record<string, never>>['validation'] = (feature, { updateType }) =>
  updateType === 'finish' || updateType === 'commit' ? ValidateNotSelfIntersecting(feature) : { valid: true };

/** The zone being drawn or edited: the only polygon the store holds (select mode adds its handles as points). */
function outlineOf(draw: TerraDraw): ZonePointView[] | null {
  const polygon = draw.getSnapshot().find((feature: GeoJSONStoreFeatures) => feature.geometry.type === 'Polygon');
  return polygon?.geometry.type === 'Polygon' ? cornersOf(polygon.geometry.coordinates[0]) : null;
}

/**
 * A MapLibre map on which only a polygon can be drawn (terra-draw's polygon mode): click to place corners, click
 * the first corner to close. A closed zone switches to editing, where corners can be dragged, inserted from the
 * midpoints or removed; Clear empties the map and starts a new outline. `onChange` gets the outline after each
 * finished step, null once cleared.
 */
export default function ZonePolygonEditor({
  styleUrl,
  label,
  initialPoints,
  startBounds,
  color,
  clearLabel,
  onChange,
}: {
  styleUrl: string | null;
  label: string;
  /** The stored zone when editing: shown and editable from the start. The editor reads it once (key it by record). */
  initialPoints: readonly LatLng[];
  /** The tenant's default view, for a new zone. */
  startBounds: LngLatBounds | null;
  color: string;
  clearLabel: string;
  onChange: (points: ZonePointView[] | null) => void;
}) {
  const mapLocale = useMapLocale();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [start] = useState(() => ({ points: initialPoints, color: hexOr(color) }));
  const drawRef = useRef<TerraDraw | null>(null);
  const modesRef = useRef<{ polygon: TerraDrawPolygonMode; select: TerraDrawSelectMode } | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (!map) return;
    const polygon = new TerraDrawPolygonMode({ styles: polygonStyles(start.color), validation: notSelfIntersecting });
    const select = new TerraDrawSelectMode({
      styles: selectStyles(start.color),
      // Removing the whole zone is the Clear button's job; a stray Delete key on the map must not do it.
      keyEvents: { deselect: null, delete: null, rotate: null, scale: null },
      allowManualDeselection: false,
      flags: {
        polygon: {
          feature: {
            draggable: true,
            validation: notSelfIntersecting,
            coordinates: { draggable: true, midpoints: true, deletable: true },
          },
        },
      },
    });
    const draw = new TerraDraw({ adapter: new TerraDrawMapLibreGLAdapter({ map }), modes: [polygon, select] });
    draw.start();
    if (start.points.length >= 3) {
      const id = draw.getFeatureId();
      draw.addFeatures([
        { id, type: 'Feature', geometry: { type: 'Polygon', coordinates: [ringOf(start.points)] }, properties: { mode: 'polygon' } },
      ]);
      draw.setMode('select');
      draw.selectFeature(id);
    } else {
      draw.setMode('polygon');
    }
    draw.on('finish', (id, context) => {
      onChangeRef.current(outlineOf(draw));
      // One zone, one polygon: once closed, the map edits it instead of starting another.
      if (context.mode === 'polygon') {
        queueMicrotask(() => {
          if (!draw.enabled) return;
          draw.setMode('select');
          draw.selectFeature(id);
        });
      }
    });
    drawRef.current = draw;
    modesRef.current = { polygon, select };
    return () => {
      drawRef.current = null;
      modesRef.current = null;
      if (draw.enabled) draw.stop();
    };
  }, [map, start]);

  useEffect(() => {
    const modes = modesRef.current;
    if (!modes) return;
    modes.polygon.styles = polygonStyles(hexOr(color));
    modes.select.styles = selectStyles(hexOr(color));
  }, [color, map]);

  const clear = () => {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    draw.setMode('polygon');
    onChange(null);
  };

  const bounds = outlineBounds(start.points) ?? startBounds;
  return (
    <div className="flex flex-col gap-2">
      <div
        role="region"
        aria-label={label}
        data-testid="zone-editor-map"
        className="h-80 overflow-hidden rounded-md border border-slate-300 bg-slate-100"
      >
        <MapView
          initialViewState={bounds ? { bounds, fitBoundsOptions: { padding: 32 } } : fallbackView}
          mapStyle={styleUrl ?? openStreetMapStyle}
          locale={mapLocale}
          style={{ width: '100%', height: '100%' }}
          attributionControl={{ compact: true }}
          onLoad={(event) => setMap(event.target)}
        >
          <NavigationControl position="top-right" showCompass={false} />
        </MapView>
      </div>
      <div>
        <Button type="button" variant="secondary" onClick={clear} disabled={!map}>
          <Eraser size={16} aria-hidden />
          {clearLabel}
        </Button>
      </div>
    </div>
  );
}
