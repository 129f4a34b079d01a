import { describe, expect, it } from 'vitest';
import { barBoxes, bucketAt, labelStride, niceTicks, showsLabel, textWidth, yOf, type PlotBox } from '@/lib/client/dashboard/bar-geometry';
import { donutArcs, innerRadius, outerRadius } from '@/lib/client/dashboard/donut-geometry';

describe('bar chart y axis', () => {
  it('keeps an axis of 0 to 1 for a series of zeros, and for a count of one', () => {
    expect(niceTicks(0, 1)).toEqual([0, 1]);
    expect(niceTicks(0, 0.1)).toEqual([0, 1]);
    expect(niceTicks(1, 1)).toEqual([0, 1]);
  });

  it('counts in whole steps (1, 2, 5, 25…, never 2.5 tasks), up to the first tick over the highest bar', () => {
    expect(niceTicks(3, 1)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7, 1)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10, 1)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(23, 1)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceTicks(120, 1)).toEqual([0, 25, 50, 75, 100, 125]);
  });

  it('steps hours by tenths or more, with 2.5 allowed, and no binary noise in the ticks', () => {
    expect(niceTicks(0.3, 0.1)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0.7, 0.1)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(2.5, 0.1)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(niceTicks(5, 0.1)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(12.3, 0.1)).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
  });
});

describe('bar chart x labels', () => {
  it('labels every bucket while the labels fit, and fewer as the buckets narrow', () => {
    const dayLabel = textWidth('26/11', 11);
    expect(dayLabel).toBeCloseTo(33);
    // A week in a third of a desktop row: 7 buckets of 45 px.
    expect(labelStride(7, 45, dayLabel)).toBe(1);
    // 30 days in the same 315 px: a label every 4th day.
    expect(labelStride(30, 10.5, dayLabel)).toBe(4);
    // A year of weeks on a phone: 53 buckets in 280 px.
    expect(labelStride(53, 280 / 53, dayLabel)).toBe(8);
  });

  it('always labels the latest bucket, counting the stride back from it', () => {
    expect([...Array(10).keys()].filter((index) => showsLabel(index, 10, 4))).toEqual([1, 5, 9]);
    expect([...Array(7).keys()].filter((index) => showsLabel(index, 7, 1))).toHaveLength(7);
  });
});

describe('bar chart geometry', () => {
  const plot: PlotBox = { left: 30, top: 8, width: 300, height: 200 };

  it('puts a single series bar in the middle 80 % of its bucket, its height the value over the top tick', () => {
    // The completed tasks of a week: 6 today, nothing before.
    const boxes = barBoxes([[0], [0], [0], [0], [0], [0], [6]], plot, 8);
    const bucket = 300 / 7;
    expect(boxes).toHaveLength(1);
    const [bar] = boxes;
    expect(bar).toMatchObject({ bucket: 6, series: 0 });
    expect(bar.x).toBeCloseTo(30 + 6 * bucket + 0.1 * bucket);
    expect(bar.width).toBeCloseTo(0.8 * bucket);
    expect(bar.height).toBeCloseTo(150);
    expect(bar.y).toBeCloseTo(58);
    expect(bar.y).toBeCloseTo(yOf(6, plot, 8));
    expect(bar.y + bar.height).toBeCloseTo(208);
  });

  it('sets two series side by side with a gap, and draws nothing for a zero', () => {
    // Estimate 5 h and actual 0 h today; 1.5 h and 2 h the day before.
    const boxes = barBoxes([[1.5, 2], [5, 0]], { left: 0, top: 0, width: 200, height: 100 }, 5);
    expect(boxes.map(({ bucket, series }) => [bucket, series])).toEqual([[0, 0], [0, 1], [1, 0]]);
    const [estimate, actual, today] = boxes;
    // Bucket 100 px: 80 px of bars, a 4 px gap, two bars of 38 px.
    expect(estimate).toMatchObject({ x: 10, width: 38, height: 30, y: 70 });
    expect(actual).toMatchObject({ x: 52, width: 38, height: 40, y: 60 });
    expect(today).toMatchObject({ x: 110, width: 38, height: 100, y: 0 });
  });

  it('draws a tiny non-zero value at least 1 px high', () => {
    const [bar] = barBoxes([[0.1]], plot, 1000);
    expect(bar.height).toBe(1);
    expect(bar.y).toBe(207);
  });

  it('finds the bucket under the pointer, the nearest one past the edges', () => {
    expect(bucketAt(30, plot, 3)).toBe(0);
    expect(bucketAt(229, plot, 3)).toBe(1);
    expect(bucketAt(330, plot, 3)).toBe(2);
    expect(bucketAt(10, plot, 3)).toBe(0);
    expect(bucketAt(100, plot, 0)).toBeNull();
  });
});

describe('task type donut geometry', () => {
  const moves = (path: string) => path.split(' ').filter((token) => token === 'M').length;

  it('cuts one sector per non-zero count, clockwise from 12 o’clock', () => {
    const arcs = donutArcs([5, 0, 3]);
    expect(arcs.map((arc) => arc.index)).toEqual([0, 2]);
    // 5 of 8 is over half the ring: the large arc flag is set on both its circles, and not on the 3 of 8.
    expect(arcs[0].path).toBe(
      `M 50 5 A ${outerRadius} ${outerRadius} 0 1 1 18.18 81.82 L 30.555 69.445 A ${innerRadius} ${innerRadius} 0 1 0 50 22.5 Z`,
    );
    expect(arcs[1].path).toContain(`A ${outerRadius} ${outerRadius} 0 0 1 50 5`);
  });

  it('draws a single type of 100 % as a whole ring with its hole, and nothing for no tasks', () => {
    const [ring] = donutArcs([0, 7]);
    expect(ring.index).toBe(1);
    expect(moves(ring.path)).toBe(2);
    expect(ring.path).toContain(`A ${outerRadius} ${outerRadius} 0 1 1 50 95`);
    expect(ring.path).toContain(`A ${innerRadius} ${innerRadius} 0 1 0 50 77.5`);
    expect(donutArcs([0, 0])).toEqual([]);
  });
});
