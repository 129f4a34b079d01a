import { NextResponse, type NextRequest } from 'next/server';
import { isServedFilePath, servedFilePolicy } from '@/lib/server/http/served-files';
import {
  apiPolicy,
  commonSecurityHeaders,
  pagePolicy,
  strictTransportSecurity,
} from '@/lib/server/http/security-headers';

const isDevelopment = process.env.NODE_ENV !== 'production';

/** Security headers on every response; pages get a fresh script nonce that Next.js applies to its own scripts. */
export function proxy(request: NextRequest) {
  const isApi = request.nextUrl.pathname.startsWith('/api/');
  let policy = apiPolicy;
  let response: NextResponse;
  if (isApi) {
    // An API call needs no nonce, so its request goes on unchanged: overriding the request headers makes Next.js
    // copy and rewrite every one of them, on the busiest path.
    response = NextResponse.next();
  } else {
    const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
    policy = pagePolicy(nonce, isDevelopment);
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('content-security-policy', policy);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  // A served upload or report has a policy of its own (lib/server/http/served-files.ts): our pages may frame it for a preview.
  const servedFile = isServedFilePath(request.nextUrl.pathname);
  response.headers.set('content-security-policy', servedFile ? servedFilePolicy : policy);
  response.headers.set('x-frame-options', servedFile ? 'SAMEORIGIN' : 'DENY');
  for (const [name, value] of Object.entries(commonSecurityHeaders)) response.headers.set(name, value);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set('strict-transport-security', hsts);
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
