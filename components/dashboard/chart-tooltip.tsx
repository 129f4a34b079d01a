import type { ReactNode } from 'react';

/** Where a chart's tooltip is shown: the pointer, in px from the chart box's top left corner. */
export interface TooltipAnchor {
  x: number;
  y: number;
}

/** One line of a tooltip: a name (after a swatch of its series colour when it has one) and its formatted figure. */
export interface TooltipLine {
  name: string;
  value: string;
  colour?: string;
}

/**
 * A chart's tooltip, beside the pointer: to its right in the left half of the box and to its left in the right half,
 * so it stays over the card on a narrow screen. Never under the pointer, which would take the hover from the chart.
 */
export function ChartTooltip({ anchor, boxWidth, title, lines }: { anchor: TooltipAnchor; boxWidth: number; title?: ReactNode; lines: TooltipLine[] }) {
  const onRight = anchor.x < boxWidth / 2;
  return (
    <div
      data-chart-tooltip
      className="pointer-events-none absolute z-10 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs whitespace-nowrap shadow-md"
      style={{ left: anchor.x, top: anchor.y, transform: `translate(${onRight ? '12px' : 'calc(-100% - 12px)'}, -50%)` }}
    >
      {title !== undefined && <p className="mb-1 font-medium text-slate-900">{title}</p>}
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {lines.map((line) => (
          <div key={line.name} className="contents">
            <dt className="flex items-center gap-1.5 text-slate-700">
              {line.colour && <span aria-hidden className="h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: line.colour }} />}
              {line.name}
            </dt>
            <dd className="text-right text-slate-900 tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
