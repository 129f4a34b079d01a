import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ErrorCode, type ApiErrorBody } from '@/lib/contract/errors';
import { defaultLanguage, languageFromAcceptHeader } from '@/lib/contract/languages';
import { messagesFor } from '@/lib/i18n/messages';
import { setApiSecurityHeaders, setSecurityHeaders } from './security-headers';

/**
 * The policy of an answer that reaches the browser with none of its own: Next.js's 405s, OPTIONS answers, framework
 * 500s, images and the favicon, and the 400 page below. None of them is one of the app's pages, so nothing in them
 * runs a script; an inline style is all the 400 page uses.
 */
export const fallbackPagePolicy =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

function pathOf(url: string | undefined): string {
  return (url ?? '/').split(/[?#]/, 1)[0];
}

/** The security headers this answer should carry, by its path: the API's, a served file's, or a page's. */
function securityHeadersFor(path: string): Headers {
  const headers = new Headers();
  if (isApiPath(path)) setApiSecurityHeaders(headers, path);
  else setSecurityHeaders(headers, fallbackPagePolicy, 'DENY');
  return headers;
}

/**
 * Gives the response, just before its head is written, every security header it does not carry yet. The proxy
 * (pages) and route() (calls under /api/web/) set their own, which stay; answers Next.js makes without either
 * (a 405, OPTIONS, a framework 500, /_next/image, /favicon.ico) get these instead of none.
 */
export function fillMissingSecurityHeaders(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  const path = pathOf(request.url);
  response.writeHead = function writeHeadWithSecurityHeaders(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      for (const [name, value] of securityHeadersFor(path)) if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as typeof writeHead;
}

/** A path whose percent-encoding does not decode (`/api/web/tasks/%E0%A4%A`), which Next.js answers with a plain-text 500. */
export function hasMalformedPath(url: string | undefined): boolean {
  try {
    decodeURIComponent(pathOf(url));
    return false;
  } catch {
    return true;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The 400 page in the browser's language: the app's 404 page's layout, without scripts. */
function badRequestPage(acceptLanguage: string | undefined): string {
  const language = languageFromAcceptHeader(acceptLanguage) ?? defaultLanguage;
  const messages = messagesFor(language);
  const { title, message } = messages.badRequest;
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;font-family:system-ui,sans-serif;display:flex;min-height:100vh;flex-direction:column;align-items:center;justify-content:center;gap:1rem;text-align:center">',
    `<h1 style="font-size:3.75rem;color:#cbd5e1;margin:0">${escapeHtml(title)}</h1>`,
    `<p style="color:#475569;margin:0">${escapeHtml(message)}</p>`,
    `<a href="/app/main" style="color:#2563eb">${escapeHtml(messages.common.backHome)}</a>`,
    '</body></html>',
  ].join('');
}

/** Answers a malformed path with 400: the API's JSON error under /api/, the 400 page elsewhere. */
export function answerMalformedPath(request: IncomingMessage, response: ServerResponse): void {
  const requestId = randomUUID();
  const api = isApiPath(pathOf(request.url));
  let body: string;
  if (api) {
    const error: ApiErrorBody = {
      error: { code: ErrorCode.validation, message: 'The address is not valid: its percent-encoding does not decode.', requestId },
    };
    body = JSON.stringify(error);
  } else {
    body = badRequestPage(request.headers['accept-language']);
  }
  response.statusCode = 400;
  response.setHeader('content-type', api ? 'application/json' : 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.setHeader('x-request-id', requestId);
  response.end(body);
}

const installed = Symbol.for('fieldops.responseGuard');

/**
 * Wraps http.Server's event emitter once per process, beside the client address stamp (./client-address.ts): every
 * answer gets the security headers it lacks, and a malformed path is answered here, before Next.js sees it.
 * Called from instrumentation.ts, which Next.js runs before it serves.
 */
export function installResponseGuard(): void {
  const prototype = http.Server.prototype as http.Server & { [installed]?: boolean };
  if (prototype[installed]) return;
  const emit = prototype.emit;
  prototype.emit = function emitGuarded(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      fillMissingSecurityHeaders(request, response);
      if (hasMalformedPath(request.url)) {
        answerMalformedPath(request, response);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  prototype[installed] = true;
}
