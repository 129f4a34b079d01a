import { NextResponse, type NextRequest } from 'next/server';
import { isServedFilePath, servedFilePolicy } from '@/lib/server/http/served-files';

const isDevelopment = process.env.NODE_ENV !== 'production';

function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ''}`,
    // Toasts and map libraries set style attributes, which a nonce cannot cover.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "worker-src 'self' blob:",
    // The task report's print preview frames the app's own PDF; nothing else is framed.
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every response; pages get a fresh script nonce that Next.js applies to its own scripts. */
export function proxy(request: NextRequest) {
  const isApi = request.nextUrl.pathname.startsWith('/api/');
  const requestHeaders = new Headers(request.headers);
  let policy = apiPolicy;
  if (!isApi) {
    const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
    policy = pagePolicy(nonce);
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('content-security-policy', policy);
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  // A served upload or report has a policy of its own (lib/server/http/served-files.ts): our pages may frame it for a preview.
  const servedFile = isServedFilePath(request.nextUrl.pathname);
  response.headers.set('content-security-policy', servedFile ? servedFilePolicy : policy);
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('x-frame-options', servedFile ? 'SAMEORIGIN' : 'DENY');
  response.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  response.headers.set('permissions-policy', 'camera=(self), geolocation=(self), microphone=()');
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
