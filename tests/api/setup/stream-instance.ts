import { createServer } from 'node:http';
import { GET as stream } from '@/app/api/web/tasks/stream/route';

/**
 * A second app instance for the two-instance stream tests: its own process (its own session cache, LISTEN
 * connections and hub) serving GET tasks/stream over HTTP on 127.0.0.1, on the DATABASE_URL it is given. Prints
 * `{"port":n}` once listening. Started by tests/api/setup/second-instance.ts.
 */
const server = createServer((incoming, outgoing) => {
  const aborted = new AbortController();
  outgoing.on('close', () => aborted.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const request = new Request(new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`), {
    headers,
    signal: aborted.signal,
  });
  void (async () => {
    const response = await stream(request, { params: Promise.resolve({}) });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.flushHeaders();
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) outgoing.write(chunk.value);
    outgoing.end();
  })().catch((error: unknown) => {
    console.error(error);
    outgoing.destroy();
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(JSON.stringify({ port: address.port }));
});
