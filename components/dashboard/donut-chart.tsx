'use client';

import { useState, type PointerEvent } from 'react';
import { donutArcs } from '@/lib/client/dashboard/donut-geometry';
import { ChartTooltip, type TooltipAnchor } from './chart-tooltip';

/** One slice: its name (for the tooltip), count and colour. */
export interface DonutSliceView {
  key: string;
  name: string;
  value: number;
  colour: string;
}

/**
 * A donut of `slices`, clockwise from 12 o'clock in their order, with a tooltip of the slice under the mouse. It fills
 * its parent, which must be square. Hidden from assistive technology by its caller (its legend carries the figures), so
 * it takes no keyboard stop either.
 */
export function DonutChart({ slices, format }: { slices: readonly DonutSliceView[]; format: (value: number) => string }) {
  const [hover, setHover] = useState<{ slice: DonutSliceView; anchor: TooltipAnchor; boxWidth: number } | null>(null);
  const arcs = donutArcs(slices.map((slice) => slice.value));

  const onPointer = (slice: DonutSliceView) => (event: PointerEvent<SVGPathElement>) => {
    const svg = event.currentTarget.ownerSVGElement;
    if (!svg) return;
    const frame = svg.getBoundingClientRect();
    setHover({ slice, anchor: { x: event.clientX - frame.left, y: event.clientY - frame.top }, boxWidth: frame.width });
  };

  return (
    <div className="relative h-full w-full">
      <svg viewBox="0 0 100 100" className="block h-full w-full" onPointerLeave={() => setHover(null)}>
        {arcs.map((arc) => {
          const slice = slices[arc.index];
          return (
            <path
              key={slice.key}
              data-slice={slice.name}
              d={arc.path}
              fill={slice.colour}
              fillRule="evenodd"
              // A thin white edge between slices, as the donut had before.
              stroke="#fff"
              strokeWidth={0.5}
              onPointerMove={onPointer(slice)}
              onPointerDown={onPointer(slice)}
            />
          );
        })}
      </svg>
      {hover && (
        <ChartTooltip anchor={hover.anchor} boxWidth={hover.boxWidth} lines={[{ name: hover.slice.name, value: format(hover.slice.value), colour: hover.slice.colour }]} />
      )}
    </div>
  );
}
