/**
 * PostgreSQL's connection-exception (08…) and operator-intervention (57P…) classes, too-many-connections, and the
 * socket errors node-postgres passes on: the database is unreachable for now, not the request at fault.
 */
const connectionCodes = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres raises these without a code when a pooled connection dies under a query or cannot be opened. */
const connectionMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Walks the cause chain: drizzle wraps the driver's error in its own. */
export function isConnectionError(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && connectionCodes.has(code)) return true;
    if (connectionMessages.some((message) => current instanceof Error && current.message.includes(message))) return true;
  }
  return false;
}
