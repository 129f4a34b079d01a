/**
 * Structured logs: one JSON line per event on stdout (debug, info) or stderr (warn, error), so a log shipper reads
 * them without parsing prose. LOG_LEVEL (debug, info, warn, error; default info, warn under vitest so test output
 * stays quiet) drops the events below it. Never log secrets: no cookies, tokens, passwords or request bodies.
 */
import { env } from '@/lib/server/core/env';

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

/**
 * debug and info lines not yet written (stdout, a file or a pipe, costs a system call per write). Kept on globalThis:
 * Next.js may load this module once per server bundle, and they all write to the one stdout.
 */
interface PendingLines {
  text: string;
  scheduled: boolean;
}

const pendingKey = Symbol.for('fieldops.log.pending');
type GlobalWithPending = typeof globalThis & { [pendingKey]?: PendingLines };

function pendingLines(): PendingLines {
  const holder = globalThis as GlobalWithPending;
  let pending = holder[pendingKey];
  if (!pending) {
    pending = { text: '', scheduled: false };
    holder[pendingKey] = pending;
    // Whatever way the process ends short of a kill, the last lines are written.
    process.once('exit', flushLog);
  }
  return pending;
}

/**
 * Writes the pending debug and info lines now. They are otherwise written together once the current turn of the
 * event loop is done, so that a busy server makes one write for the many requests it answered in that turn.
 */
export function flushLog(): void {
  const pending = pendingLines();
  pending.scheduled = false;
  if (pending.text === '') return;
  const lines = pending.text;
  pending.text = '';
  process.stdout.write(lines);
}

function write(level: LogLevel, msg: string, fields: LogFields = {}): void {
  if (order[level] < order[logLevel()]) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`;
  if (order[level] >= order.warn) {
    // A warning or an error is written at once, after what came before it: the process may be about to fail.
    flushLog();
    process.stderr.write(line);
    return;
  }
  const pending = pendingLines();
  pending.text += line;
  if (!pending.scheduled) {
    pending.scheduled = true;
    setImmediate(flushLog);
  }
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write('debug', msg, fields),
  info: (msg: string, fields?: LogFields) => write('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => write('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => write('error', msg, fields),
};
