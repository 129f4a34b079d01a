import type { WorkerUnavailableSpan } from '@/lib/contract/working-hours';

/**
 * One grey band per stretch of time off: the evening of one day and the morning of the next (18:00–24:00, 00:00–08:00)
 * become 18:00–08:00. A week of 100 workers then draws about half as many bands, and nothing looks different.
 */
export function mergeSpans(spans: readonly WorkerUnavailableSpan[]): WorkerUnavailableSpan[] {
  const sorted = [...spans].sort((a, b) => a.workerId - b.workerId || Date.parse(a.start) - Date.parse(b.start));
  const merged: WorkerUnavailableSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && last.workerId === span.workerId && Date.parse(last.end) >= Date.parse(span.start)) {
      if (Date.parse(span.end) > Date.parse(last.end)) merged[merged.length - 1] = { ...last, end: span.end };
    } else {
      merged.push(span);
    }
  }
  return merged;
}
