import { NextResponse, type NextRequest } from 'next/server';
import { pagePolicy, setApiSecurityHeaders, setSecurityHeaders } from '@/lib/server/http/security-headers';

const isDevelopment = process.env.NODE_ENV !== 'production';

/**
 * Security headers on every response; pages get a fresh script nonce that Next.js applies to its own scripts.
 * Calls under /api/web/ skip the proxy (see the matcher): route() gives their answers the same headers, and running
 * the proxy cost about a third of the server's time on a small authenticated read.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) {
    // An API call needs no nonce, so its request goes on unchanged.
    const response = NextResponse.next();
    setApiSecurityHeaders(response.headers, pathname);
    return response;
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = pagePolicy(nonce, isDevelopment);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  setSecurityHeaders(response.headers, policy, 'DENY');
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/web/).*)'],
};
