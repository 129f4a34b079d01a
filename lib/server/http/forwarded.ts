/** The comma-separated entries of an X-Forwarded-* header, however many times the header came. */
export function forwardedEntries(value: string | string[] | null | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The entry of X-Forwarded-Host (or -Proto, -Port) written by the outermost of the `trustedHops` proxies in front,
 * that is the host the browser asked for. Each trusted proxy either sets the header (nginx `proxy_set_header
 * X-Forwarded-Host $host`) or appends its own entry, so whatever a client sent sits before the last `trustedHops`
 * entries, and a proxy that set the header leaves fewer entries than hops, all of them its own: the first one is
 * then the edge's. With no proxy declared nothing before us is trusted to have written the header: undefined.
 */
export function trustedForwardedValue(value: string | string[] | null | undefined, trustedHops: number): string | undefined {
  if (!(trustedHops >= 1)) return undefined;
  const entries = forwardedEntries(value);
  return entries[Math.max(0, entries.length - Math.floor(trustedHops))];
}
