import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ApiErrorBody } from '@/lib/contract/errors';
import { messagesFor } from '@/lib/i18n/messages';
import { installResponseGuard } from '@/lib/server/http/response-guard';

/**
 * A plain Node HTTP server on loopback with the guard installed as instrumentation.ts installs it, its listener
 * answering as Next.js does where neither the proxy nor route() runs: no security headers of its own.
 */
let port: number;
let server: http.Server;
const seenByListener: string[] = [];

function answerLikeNextJs(request: IncomingMessage, response: ServerResponse): void {
  seenByListener.push(request.url ?? '');
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/api/web/users/me' && request.method === 'PATCH') {
    response.statusCode = 405;
    response.setHeader('allow', 'GET, PUT');
    return void response.end();
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { allow: 'GET, HEAD, OPTIONS' });
    return void response.end();
  }
  if (path === '/app/broken') {
    response.writeHead(500, { 'content-type': 'text/plain' });
    return void response.end('Internal Server Error');
  }
  if (path === '/app/login') {
    // The proxy's own headers on a page stay as they are.
    response.setHeader('content-security-policy', "default-src 'self'; script-src 'self' 'nonce-abc'");
    response.setHeader('content-type', 'text/html');
    return void response.end('<html></html>');
  }
  response.setHeader('content-type', path === '/favicon.ico' ? 'image/x-icon' : 'image/webp');
  response.end('bytes');
}

beforeAll(async () => {
  installResponseGuard();
  server = http.createServer(answerLikeNextJs);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends the path exactly as written (fetch would re-encode a malformed one). */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString() }));
    });
    request.on('error', reject);
    request.end();
  });
}

function expectSecurityHeaders(answer: Answer, policy: RegExp): void {
  expect(answer.headers['content-security-policy']).toMatch(policy);
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['permissions-policy']).toContain('microphone=()');
}

const apiPolicy = /^default-src 'none'; frame-ancestors 'none'$/;
const fallbackPolicy = /^default-src 'none';.*frame-ancestors 'none'/;

describe('answers Next.js makes without the proxy or route() carry the security headers', () => {
  it('a 405 on an API path', async () => {
    const answer = await send('PATCH', '/api/web/users/me');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, PUT');
    expectSecurityHeaders(answer, apiPolicy);
  });

  it('an OPTIONS answer (headers passed to writeHead)', async () => {
    const answer = await send('OPTIONS', '/api/web/tasks');
    expect(answer.status).toBe(204);
    expectSecurityHeaders(answer, apiPolicy);
  });

  it('a framework 500', async () => {
    const answer = await send('GET', '/app/broken');
    expect(answer.status).toBe(500);
    expectSecurityHeaders(answer, fallbackPolicy);
  });

  it.each(['/_next/image?url=%2Ficon.svg&w=64&q=75', '/favicon.ico'])('%s', async (path) => {
    const answer = await send('GET', path);
    expect(answer.status).toBe(200);
    expectSecurityHeaders(answer, fallbackPolicy);
  });

  it("keeps a page's own policy, set by the proxy", async () => {
    const answer = await send('GET', '/app/login');
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self' 'nonce-abc'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });
});

describe('a malformed percent-encoding in the path', () => {
  it('under /api/web/: the JSON 400 with the API headers, before Next.js sees it', async () => {
    const answer = await send('GET', '/api/web/tasks/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json');
    const body = JSON.parse(answer.body) as ApiErrorBody;
    expect(body.error.code).toBe(ErrorCode.validation);
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['x-request-id']).toBe(body.error.requestId);
    expectSecurityHeaders(answer, apiPolicy);
    expect(seenByListener).not.toContain('/api/web/tasks/%E0%A4%A');
  });

  it("on a page path: the 400 page in the browser's language, with the headers", async () => {
    const answer = await send('GET', '/app/main/tasks/%E0%A4%A', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<html lang="it">');
    expect(answer.body).toContain(messagesFor('it').badRequest.message);
    expect(answer.body).not.toContain('<script');
    expectSecurityHeaders(answer, fallbackPolicy);
    expect(seenByListener).not.toContain('/app/main/tasks/%E0%A4%A');
  });

  it('a well-formed encoding goes on to Next.js', async () => {
    const answer = await send('GET', '/favicon.ico?x=%E0%A4%A4');
    expect(answer.status).toBe(200);
  });
});
