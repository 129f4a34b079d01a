'use client';

import { useState, type PointerEvent } from 'react';
import { barBoxes, bucketAt, bucketWidthOf, labelStride, niceTicks, showsLabel, textWidth, yOf, type PlotBox } from '@/lib/client/dashboard/bar-geometry';
import { useElementSize } from '@/lib/client/dashboard/use-element-size';
import { ChartTooltip, type TooltipAnchor } from './chart-tooltip';

/** One series of bars: its name (legend and tooltip), colour and one value per bucket. */
export interface BarSeries {
  name: string;
  colour: string;
  values: readonly number[];
}

const fontSize = 11;
const tickLength = 6;
const axisColour = '#94a3b8';
const gridColour = '#cbd5e1';
const textColour = '#64748b';
/** Room above the plot for half the top tick label, and right of it for half the last bucket's label. */
const margin = { top: 8, right: 8 };
/** Below the plot: the tick marks and one line of labels. */
const xAxisHeight = tickLength + fontSize + 6;

/**
 * A bar chart of a dashboard series: buckets along x (a day, week or month each), the series side by side in each
 * bucket, a y axis of nice ticks from 0 with dashed grid lines, a legend when there are two series or more and a
 * tooltip of the bucket under the mouse. It fills its parent, which must have a height. Hidden from assistive
 * technology by its caller (a table carries the figures), so it takes no keyboard stop either.
 */
export function BarChart({
  buckets,
  series,
  axisLabel,
  fullLabel,
  format,
  minStep,
}: {
  /** Each bucket's key, oldest first: the first day of the bucket. */
  buckets: readonly string[];
  series: readonly BarSeries[];
  axisLabel: (bucket: string) => string;
  fullLabel: (bucket: string) => string;
  format: (value: number) => string;
  /** The finest y axis step: 1 for counts, 0.1 for hours. */
  minStep: number;
}) {
  const [box, size] = useElementSize<HTMLDivElement>();
  const [pointer, setPointer] = useState<{ bucket: number; anchor: TooltipAnchor } | null>(null);
  // A new period can hold fewer buckets than the one the mouse was last over.
  const hover = pointer && pointer.bucket < buckets.length ? pointer : null;

  const max = Math.max(0, ...series.flatMap((one) => one.values));
  const ticks = niceTicks(max, minStep);
  const top = ticks[ticks.length - 1];
  const tickLabels = ticks.map(format);
  const yAxisWidth = Math.max(...tickLabels.map((label) => textWidth(label, fontSize))) + tickLength + 4;
  const plot: PlotBox = {
    left: yAxisWidth,
    top: margin.top,
    width: Math.max(0, size.width - yAxisWidth - margin.right),
    height: Math.max(0, size.height - margin.top - xAxisHeight),
  };
  const bucketWidth = bucketWidthOf(plot, buckets.length);
  const axisLabels = buckets.map(axisLabel);
  const widestLabel = Math.max(0, ...axisLabels.map((label) => textWidth(label, fontSize)));
  const stride = labelStride(buckets.length, bucketWidth, widestLabel);
  const bars = barBoxes(
    buckets.map((_, bucket) => series.map((one) => one.values[bucket] ?? 0)),
    plot,
    top,
  );
  const plotBottom = plot.top + plot.height;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const frame = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - frame.left;
    const y = event.clientY - frame.top;
    const bucket = x >= plot.left && x <= plot.left + plot.width && y <= plotBottom ? bucketAt(x, plot, buckets.length) : null;
    setPointer(bucket === null ? null : { bucket, anchor: { x, y } });
  };

  return (
    <div className="flex h-full flex-col">
      <div ref={box} className="relative min-h-0 flex-1">
        {size.width > 0 && size.height > 0 && (
          <svg width={size.width} height={size.height} className="block" onPointerMove={onPointer} onPointerDown={onPointer} onPointerLeave={() => setPointer(null)}>
            {ticks.map((tick, index) => (
              <g key={tick}>
                <line x1={plot.left} x2={plot.left + plot.width} y1={yOf(tick, plot, top)} y2={yOf(tick, plot, top)} stroke={gridColour} strokeDasharray={index === 0 ? undefined : '3 3'} />
                <line x1={plot.left - tickLength} x2={plot.left} y1={yOf(tick, plot, top)} y2={yOf(tick, plot, top)} stroke={axisColour} />
                <text x={plot.left - tickLength - 3} y={yOf(tick, plot, top)} dy="0.32em" textAnchor="end" fontSize={fontSize} fill={textColour}>
                  {tickLabels[index]}
                </text>
              </g>
            ))}
            <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plotBottom} stroke={axisColour} />
            {hover && <rect x={plot.left + hover.bucket * bucketWidth} y={plot.top} width={bucketWidth} height={plot.height} fill="#f1f5f9" />}
            {bars.map((bar) => (
              <rect
                key={`${bar.bucket}-${bar.series}`}
                data-bar={buckets[bar.bucket]}
                data-series={series[bar.series].name}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                fill={series[bar.series].colour}
              />
            ))}
            <line x1={plot.left} x2={plot.left + plot.width} y1={plotBottom} y2={plotBottom} stroke={axisColour} />
            {axisLabels.map((label, bucket) => {
              if (!showsLabel(bucket, buckets.length, stride)) return null;
              const centre = plot.left + (bucket + 0.5) * bucketWidth;
              // Kept whole inside the box: the last month's name is wider than its bucket's half.
              const half = textWidth(label, fontSize) / 2;
              const x = Math.min(size.width - half, Math.max(half, centre));
              return (
                <g key={buckets[bucket]}>
                  <line x1={centre} x2={centre} y1={plotBottom} y2={plotBottom + tickLength} stroke={axisColour} />
                  <text x={x} y={plotBottom + tickLength + fontSize} textAnchor="middle" fontSize={fontSize} fill={textColour}>
                    {label}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
        {hover && (
          <ChartTooltip
            anchor={hover.anchor}
            boxWidth={size.width}
            title={fullLabel(buckets[hover.bucket])}
            lines={series.map((one) => ({ name: one.name, value: format(one.values[hover.bucket] ?? 0), colour: one.colour }))}
          />
        )}
      </div>
      {series.length > 1 && (
        <ul className="flex flex-wrap justify-center gap-x-4 pt-1 text-xs">
          {series.map((one) => (
            <li key={one.name} className="flex items-center gap-1.5 text-slate-700">
              <span aria-hidden className="h-2.5 w-2.5 rounded-sm" style={{ background: one.colour }} />
              {one.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
