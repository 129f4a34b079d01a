/** Order statistics of a list of timings, in the same unit, for printing. */
export function summarise(samples: number[]): { min: number; median: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return { min: sorted[0], median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

export const formatMs = (value: number) => `${value.toFixed(1)} ms`;
