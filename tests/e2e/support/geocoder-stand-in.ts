import { createServer, type ServerResponse } from 'node:http';
import { geocoderPlaces, geocoderQueries } from './geocoder-places';

/**
 * A Nominatim-compatible /search endpoint on 127.0.0.1 for the e2e run, so the address search reaches no outside
 * service. Each query the tests use has a fixed answer (geocoder-places.ts): places, none, a slow answer or an error.
 */
const port = Number(process.env.GEOCODER_PORT ?? 3101);

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/health') return send(response, 200, { ok: true });
  if (url.pathname !== '/search') return send(response, 404, { error: 'not found' });
  const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
  if (url.searchParams.get('format') !== 'jsonv2') return send(response, 400, { error: 'format=jsonv2 expected' });
  if (query === geocoderQueries.failing) return send(response, 500, { error: 'internal error' });
  if (query === geocoderQueries.slow) {
    // Longer than the app's 2-second timeout, so the app must give up first.
    const timer = setTimeout(() => send(response, 200, geocoderPlaces[geocoderQueries.slow]), 6_000);
    response.on('close', () => clearTimeout(timer));
    return;
  }
  return send(response, 200, geocoderPlaces[query] ?? []);
});

server.listen(port, '127.0.0.1', () => console.log(`Geocoder stand-in on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
