/** The task type donut as SVG paths, in a 100 × 100 view box. */

export const donutCentre = 50;
/** As the donut had before (90 % and 55 % of the half side). */
export const outerRadius = 45;
export const innerRadius = 27.5;

/** One slice: the index of the value it draws and its ring sector as an SVG path. */
export interface DonutArc {
  index: number;
  path: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function pointAt(radius: number, turn: number): string {
  // A turn of 0 is 12 o'clock; SVG's y runs down, so growing angles go clockwise.
  const angle = turn * 2 * Math.PI - Math.PI / 2;
  return `${round(donutCentre + radius * Math.cos(angle))} ${round(donutCentre + radius * Math.sin(angle))}`;
}

/**
 * A whole ring: an arc cannot start and end on one point (SVG draws nothing), so each circle is two half arcs, the
 * inner one run backwards to cut the hole.
 */
function ringPath(): string {
  const circle = (radius: number, sweep: 0 | 1) =>
    `M ${pointAt(radius, 0)} A ${radius} ${radius} 0 1 ${sweep} ${pointAt(radius, 0.5)} A ${radius} ${radius} 0 1 ${sweep} ${pointAt(radius, 0)} Z`;
  return `${circle(outerRadius, 1)} ${circle(innerRadius, 0)}`;
}

function sectorPath(from: number, to: number): string {
  const large = to - from > 0.5 ? 1 : 0;
  return [
    `M ${pointAt(outerRadius, from)}`,
    `A ${outerRadius} ${outerRadius} 0 ${large} 1 ${pointAt(outerRadius, to)}`,
    `L ${pointAt(innerRadius, to)}`,
    `A ${innerRadius} ${innerRadius} 0 ${large} 0 ${pointAt(innerRadius, from)}`,
    'Z',
  ].join(' ');
}

/**
 * The slices of `values` clockwise from 12 o'clock, each its share of the total. A zero (or less) has no slice; the one
 * value left of a total is a whole ring.
 */
export function donutArcs(values: readonly number[]): DonutArc[] {
  const drawn = values.map((value, index) => ({ value, index })).filter(({ value }) => value > 0);
  const total = drawn.reduce((sum, { value }) => sum + value, 0);
  if (drawn.length === 1) return [{ index: drawn[0].index, path: ringPath() }];
  let start = 0;
  return drawn.map(({ value, index }) => {
    const end = start + value / total;
    const arc = { index, path: sectorPath(start, end) };
    start = end;
    return arc;
  });
}
