import { describe, expect, it } from 'vitest';
import { cornersOf, mapBoundsOf, outlineBounds, ringOf } from '@/lib/client/zones/outline';

const corners = [
  { lat: 45.46, lng: 9.18 },
  { lat: 45.47, lng: 9.2 },
  { lat: 45.45, lng: 9.21 },
];

describe('zone outlines between the API and the map', () => {
  it('closes the ring for GeoJSON, [lng, lat] pairs, and reads it back numbered without the closing repeat', () => {
    const ring = ringOf(corners);
    expect(ring).toEqual([[9.18, 45.46], [9.2, 45.47], [9.21, 45.45], [9.18, 45.46]]);
    expect(cornersOf(ring)).toEqual(corners.map((corner, index) => ({ ...corner, point_order: index })));
  });

  it('keeps a ring that is not closed whole, and an empty outline empty', () => {
    expect(cornersOf([[9.18, 45.46], [9.2, 45.47], [9.21, 45.45]])).toHaveLength(3);
    expect(ringOf([])).toEqual([]);
    expect(cornersOf([])).toEqual([]);
  });

  it('fits the view to the corners, or to the tenant default view, as [[west, south], [east, north]]', () => {
    expect(outlineBounds(corners)).toEqual([[9.18, 45.45], [9.21, 45.47]]);
    expect(outlineBounds([])).toBeNull();
    expect(mapBoundsOf({ southWest: { lat: 45.4, lng: 9.1 }, northEast: { lat: 45.5, lng: 9.3 } })).toEqual([[9.1, 45.4], [9.3, 45.5]]);
    expect(mapBoundsOf(null)).toBeNull();
  });
});
