import { Agent, request } from 'node:http';

/**
 * A steady rate, as "p99 at 200 requests/s" means it: one request every 1000/rate ms, each timed from the moment it
 * was due (so a client that falls behind a slow server counts the wait), over keep-alive connections.
 *
 * autocannon's own rate mode sends each connection's quota for the second at once and then pauses (waves of ten
 * concurrent calls at the start of every second), and its omission correction assumes one request every
 * ceil(1/rate) ms — 1 ms at 20 per connection — adding a synthetic sample for each millisecond of a slow answer. Both
 * belong to the load generator, not the server, so this is measured beside it.
 */
export interface PacedResult {
  sent: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function once(url: URL, headers: Record<string, string>, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

export async function paced(target: string, headers: Record<string, string>, rate: number, seconds: number): Promise<PacedResult> {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index++) {
    const due = start + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      once(url, headers, agent).then(
        (status) => {
          if (status < 200 || status >= 300) failures++;
          latencies.push(performance.now() - due);
        },
        () => {
          failures++;
        },
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { sent: total, failures, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? Number.NaN };
}
