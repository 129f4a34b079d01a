import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { signIn } from './bench-http';
import { formatMs, summarise } from './stats';

/** Monday 00:00 UTC of a week `offset` weeks from now, and the Monday after. */
function week(offset: number): { from: string; to: string } {
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + offset * 7);
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { from: monday.toISOString(), to: next.toISOString() };
}

interface Answer {
  status: number;
  body: Buffer;
  gzipBytes: number;
}

/** GET with gzip over a kept-alive connection, as a browser asks; resolves when the last byte is in and unzipped. */
function getGzipped(agent: http.Agent, url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, body, gzipBytes: raw.length });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * GET tasks/scheduled for one week of Bench Co (weeks −10 to +9 in turn, 200 requests after 20 warm-up, one at a
 * time), with `extraQuery` appended (e.g. `&view=board`): latency until the answer is in and unzipped, and its size.
 */
export async function measureScheduledWeek(baseUrl: string, label: string, extraQuery = ''): Promise<string> {
  const cookie = await signIn(baseUrl, 'owner@bench.test');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timings: number[] = [];
  const bytes: number[] = [];
  const gzipBytes: number[] = [];
  const rows: number[] = [];
  const warmUp = 20;
  const requests = 200;
  for (let index = 0; index < warmUp + requests; index++) {
    const { from, to } = week((index % 20) - 10);
    const url = `${baseUrl}/api/web/tasks/scheduled?appointmentFrom=${encodeURIComponent(from)}&appointmentTo=${encodeURIComponent(to)}${extraQuery}`;
    const started = performance.now();
    const answer = await getGzipped(agent, url, cookie);
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`GET tasks/scheduled${extraQuery} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    if (index < warmUp) continue;
    timings.push(elapsed);
    bytes.push(answer.body.length);
    gzipBytes.push(answer.gzipBytes);
    rows.push((JSON.parse(answer.body.toString()) as unknown[]).length);
  }
  agent.destroy();
  const latency = summarise(timings);
  const size = summarise(bytes);
  return (
    `GET tasks/scheduled, one week${extraQuery ? ` (${extraQuery.slice(1)})` : ''}, ${label}: ${requests} requests after ${warmUp} warm-up: ` +
    `median ${formatMs(latency.median)}, p95 ${formatMs(latency.p95)}, max ${formatMs(latency.max)}; ` +
    `tasks per week median ${summarise(rows).median}; JSON median ${(size.median / 1024).toFixed(0)} KiB ` +
    `(max ${(size.max / 1024).toFixed(0)} KiB), gzip median ${(summarise(gzipBytes).median / 1024).toFixed(0)} KiB`
  );
}
