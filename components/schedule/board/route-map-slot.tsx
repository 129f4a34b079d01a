'use client';

import type { BoardTask, BoardWorker } from '@/lib/contract/schedule-board';

/** What the route map modal takes (components/schedule/route-map/route-map-modal.tsx, built beside the board). */
export interface RouteMapProps {
  worker: BoardWorker;
  /** The visible range's bounding instants. */
  from: string;
  to: string;
  tasksWithoutLocation: BoardTask[];
  mapStyleUrl: string | null;
  onClose: () => void;
}

/**
 * Where the route map modal plugs in: when the branches meet, this renders
 * `<RouteMapModal {...props} />` from '@/components/schedule/route-map/route-map-modal'.
 */
export function RouteMapSlot(props: RouteMapProps): null {
  void props;
  return null;
}
