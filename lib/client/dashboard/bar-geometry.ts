/** The dashboard's bar charts as numbers: the y axis ticks, which x labels fit, and where each bar goes (in px). */

/** Steps an axis may take within each power of ten: 0, 5, 10… reads better than 0, 6, 12… */
const stepMultipliers = [1, 2, 2.5, 5];

/** Floating point slack: 0.7 / 0.1 is 6.999… */
const epsilon = 1e-9;

const isMultipleOf = (value: number, unit: number) => Math.abs(value / unit - Math.round(value / unit)) < epsilon;

/** Drops the binary noise of a product (3 × 0.1 = 0.30000000000000004) so ticks compare and print as written. */
const clean = (value: number) => Number(value.toPrecision(12));

/**
 * The y axis ticks from 0 up to the first tick at or over `max`: the smallest "nice" step (1, 2, 2.5 or 5 times a
 * power of ten) that needs at most `maxIntervals` intervals. Every step is a whole multiple of `minStep`: 1 for counts,
 * which a tick of 2.5 tasks would misstate, 0.1 for hours, the precision they are shown at. A chart of zeros keeps an
 * axis of 0 to 1 rather than none.
 */
export function niceTicks(max: number, minStep: number, maxIntervals = 5): number[] {
  if (!(max > 0)) return [0, 1];
  for (let exponent = Math.floor(Math.log10(minStep)); ; exponent++) {
    for (const multiplier of stepMultipliers) {
      const step = clean(multiplier * 10 ** exponent);
      if (step < minStep - epsilon || !isMultipleOf(step, minStep)) continue;
      const intervals = Math.ceil(max / step - epsilon);
      if (intervals <= maxIntervals) return Array.from({ length: intervals + 1 }, (_, index) => clean(index * step));
    }
  }
}

/**
 * A label's width in px without measuring it: 0.6 em a character covers digits, dates and short month names in the
 * sans-serif fonts in use, with some room to spare.
 */
export const textWidth = (text: string, fontSize: number): number => text.length * fontSize * 0.6;

/**
 * Every how many buckets the x axis can print a label without two touching: 1 while the widest label and a gap fit in
 * a bucket's width, more as buckets narrow (30 days in a third of the page).
 */
export function labelStride(buckets: number, bucketWidth: number, widestLabel: number, gap = 6): number {
  if (buckets === 0 || bucketWidth <= 0) return 1;
  return Math.max(1, Math.ceil((widestLabel + gap) / bucketWidth));
}

/** Whether bucket `index` is labelled: counted back from the last, so the latest bucket (today) always is. */
export const showsLabel = (index: number, buckets: number, stride: number): boolean => (buckets - 1 - index) % stride === 0;

/** The plot area inside the SVG, axes and labels outside it. */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One drawn bar: its bucket and series, and its rectangle. */
export interface BarBox {
  bucket: number;
  series: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each bucket leaves 10 % of its width empty on either side, so neighbouring groups stand apart. */
const bucketGap = 0.1;

/** The width of one bucket on the x axis. */
export const bucketWidthOf = (plot: PlotBox, buckets: number): number => (buckets > 0 ? plot.width / buckets : 0);

/** The y of a value in the plot, `top` (the highest tick) at its top edge. */
export const yOf = (value: number, plot: PlotBox, top: number): number => plot.top + plot.height * (1 - value / top);

/**
 * The bars of `values[bucket][series]` side by side in each bucket, in series order, the axis running 0 to `top`. A
 * zero (or less) draws nothing; any other value at least 1 px, so a small figure is still seen not to be zero.
 */
export function barBoxes(values: readonly (readonly number[])[], plot: PlotBox, top: number): BarBox[] {
  const bucketWidth = bucketWidthOf(plot, values.length);
  const boxes: BarBox[] = [];
  values.forEach((group, bucket) => {
    const inner = bucketWidth * (1 - 2 * bucketGap);
    const gap = group.length > 1 ? Math.min(4, inner * 0.1) : 0;
    const width = (inner - gap * (group.length - 1)) / group.length;
    group.forEach((value, series) => {
      if (!(value > 0)) return;
      const height = Math.max(1, Math.min(plot.height, (value / top) * plot.height));
      boxes.push({
        bucket,
        series,
        x: plot.left + bucket * bucketWidth + bucketWidth * bucketGap + series * (width + gap),
        y: plot.top + plot.height - height,
        width,
        height,
      });
    });
  });
  return boxes;
}

/** The bucket under a pointer at `x` px, the nearest one at the plot's edges; null with no buckets. */
export function bucketAt(x: number, plot: PlotBox, buckets: number): number | null {
  if (buckets === 0 || plot.width <= 0) return null;
  return Math.min(buckets - 1, Math.max(0, Math.floor((x - plot.left) / bucketWidthOf(plot, buckets))));
}
