/**
 * Uploaded files and the task report are served by the API, but a browser may open them as documents (a preview
 * frame, a new tab), so they get a policy of their own: no scripts, no requests, a sandbox that gives the document a unique origin, and
 * framing only by our own pages (the PDF preview; Chromium's PDF viewer still runs in the sandboxed frame). Shared
 * by the route that serves them and by proxy.ts, which gives it (not the API's `frame-ancestors 'none'`) to
 * every answer on those paths, errors included.
 */
export const servedFilePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

const servedFilePath = /^\/api\/web\/tasks\/\d+\/((files|signature)\/\d+|report)\/?$/;

/** What a served document answers with, besides its own type and disposition. */
export const servedFileHeaders = {
  'content-security-policy': servedFilePolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
} as const;

export function isServedFilePath(pathname: string): boolean {
  return servedFilePath.test(pathname);
}
