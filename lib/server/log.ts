/**
 * Structured logs: one JSON line per event on stdout (debug, info) or stderr (warn, error), so a log shipper reads
 * them without parsing prose. LOG_LEVEL (debug, info, warn, error; default info, warn under vitest so test output
 * stays quiet) drops the events below it. Never log secrets: no cookies, tokens, passwords or request bodies.
 */
import { env } from '@/lib/server/env';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LogFields {
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  tenantId?: number;
  userId?: number;
  [field: string]: unknown;
}

function isLevel(value: string): value is LogLevel {
  return Object.hasOwn(order, value);
}

/** Read on every call, not once: tests and scripts may change LOG_LEVEL after this module loaded. */
export function logLevel(): LogLevel {
  const configured = env.logLevel;
  return isLevel(configured) ? configured : 'info';
}

/**
 * drizzle's "Failed query" errors append the query's parameters, which may be a session token, a password hash or a
 * client's address: the log keeps the query and drops the values.
 */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

/** An Error as plain fields (its stack stays in the log, never in a response). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: withoutParams(String(error)) };
  const code = (error as Error & { code?: unknown }).code;
  return {
    error: withoutParams(error.message),
    errorName: error.name,
    ...(typeof code === 'string' ? { errorCode: code } : {}),
    stack: error.stack === undefined ? undefined : withoutParams(error.stack),
    ...(error.cause !== undefined ? { cause: errorFields(error.cause) } : {}),
  };
}

function write(level: LogLevel, msg: string, fields: LogFields = {}): void {
  if (order[level] < order[logLevel()]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (order[level] >= order.warn ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write('debug', msg, fields),
  info: (msg: string, fields?: LogFields) => write('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => write('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => write('error', msg, fields),
};
