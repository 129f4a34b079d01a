import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import http from 'node:http';
import { trustedForwardedValue } from './forwarded';

/**
 * Next.js only fills X-Forwarded-For with the socket's peer when the request has none (`??=`), so a client
 * talking to `next start` directly could name any address it likes and slip past the per-address limits.
 * Before Next.js reads the request we append the peer to whatever came in: the last entry is then always the
 * address that really connected, and each of the TRUSTED_PROXY_HOPS proxies in front appends the one it saw
 * (clientIp() in ./security.ts skips that many from the end). With no proxy declared the incoming header is
 * dropped, since nothing before us is trusted to have written it.
 */
export function stampPeerAddress(headers: IncomingHttpHeaders, peer: string | undefined, trustedHops: number): void {
  if (!peer) return;
  const incoming = headers['x-forwarded-for'];
  const chain = trustedHops > 0 && incoming ? `${Array.isArray(incoming) ? incoming.join(', ') : incoming}, ` : '';
  headers['x-forwarded-for'] = `${chain}${peer}`;
}

/**
 * Next.js reads X-Forwarded-Host and -Proto as they come (the first entry for a Server Action's origin check, any
 * "https" in -Proto for request.url's scheme) and fills them only when missing. Before it does, each is cut to the
 * one entry a trusted proxy wrote (./forwarded.ts), or dropped when TRUSTED_PROXY_HOPS is 0, so Next.js fills it
 * from the Host and socket the client really used.
 */
export function keepTrustedForwardedOrigin(headers: IncomingHttpHeaders, trustedHops: number): void {
  for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port']) {
    const trusted = trustedForwardedValue(headers[name], trustedHops);
    if (trusted === undefined) delete headers[name];
    else headers[name] = trusted;
  }
}

const installed = Symbol.for('fieldops.peerAddressStamp');

/**
 * Wraps http.Server's event emitter once per process: every 'request' event gets the peer stamped and the
 * forwarded origin trimmed before any listener (Next.js's router) runs. Called from instrumentation.ts, which
 * Next.js runs before it serves.
 */
export function installPeerAddressStamp(trustedHops: number): void {
  const prototype = http.Server.prototype as http.Server & { [installed]?: boolean };
  if (prototype[installed]) return;
  const emit = prototype.emit;
  prototype.emit = function emitWithPeer(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      stampPeerAddress(request.headers, request.socket.remoteAddress, trustedHops);
      keepTrustedForwardedOrigin(request.headers, trustedHops);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  prototype[installed] = true;
}
