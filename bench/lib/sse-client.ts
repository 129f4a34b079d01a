import http from 'node:http';

/** One server-sent event as it arrived, stamped with performance.now() when its last line was in. */
export interface ArrivedEvent {
  event: string;
  data: string;
  at: number;
}

export interface SseClient {
  events: ArrivedEvent[];
  /** Called for every event as it arrives. */
  onEvent: ((event: ArrivedEvent) => void) | null;
  close(): void;
}

/** Opens an event stream with the given cookie; resolves once the server's first comment (": connected") is in. */
export function openEventStream(url: string, cookie: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const client: SseClient = { events: [], onEvent: null, close: () => request.destroy() };
    let buffer = '';
    let connected = false;
    const request = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`the stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (!connected && block.startsWith(': connected')) {
            connected = true;
            resolve(client);
            continue;
          }
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (!data) continue;
          const arrived = { event, data, at };
          client.events.push(arrived);
          client.onEvent?.(arrived);
        }
      });
    });
    request.on('error', (error) => {
      if (!connected) reject(error);
    });
  });
}
