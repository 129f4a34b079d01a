/**
 * A provider's answer to our own fetch() (geocoder, router, Xero): outbound calls, not the HTTP edge, so the
 * integrations name it by where it comes from rather than as a Response (eslint.config.mjs keeps those to
 * lib/server/http).
 */
export type Fetched = Awaited<ReturnType<typeof fetch>>;
