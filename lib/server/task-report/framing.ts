/**
 * The report is the one answer the app's own pages may frame: the print preview shows it in an iframe. Every
 * other answer keeps frame-ancestors 'none'. Imported by proxy.ts, so it stays free of server-only code.
 */
export const reportPathPattern = /^\/api\/web\/tasks\/\d+\/report$/;

export const reportFrameHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;
