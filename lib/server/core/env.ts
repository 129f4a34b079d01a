import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** The one place that reads the process environment; every configuration variable is listed in the README. */
function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function numberOr(name: string, fallback: number): number {
  const value = optional(name);
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** The data folder beside the app; read at run time, never traced into the build (it holds uploads and secrets). */
function dataPath(...segments: string[]): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'data', ...segments);
}

/**
 * A secret generated once and kept in data/<name>. Written only if absent ('wx'): two processes starting together
 * (`npm start` prepares the database while the build runs) then agree on the first one written.
 */
function keptSecret(name: string): string {
  const file = dataPath(name);
  if (existsSync(/* turbopackIgnore: true */ file)) return readFileSync(/* turbopackIgnore: true */ file, 'utf8').trim();
  mkdirSync(/* turbopackIgnore: true */ path.dirname(file), { recursive: true });
  try {
    writeFileSync(/* turbopackIgnore: true */ file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(/* turbopackIgnore: true */ file, 'utf8').trim();
}

/**
 * The session-signing secret: AUTH_SECRET when set, else one generated once and kept in data/auth-secret,
 * so a zero-configuration install keeps its sessions across restarts.
 */
function authSecret(): string {
  return optional('AUTH_SECRET') ?? keptSecret('auth-secret');
}

/**
 * The key that encrypts stored secrets (the accounting provider's client secret and tokens): ENCRYPTION_KEY when
 * set, else one generated once and kept in data/encryption-key, the way the session secret is. Losing it makes the
 * stored secrets unreadable (they must then be entered again), so keep it with the database's backups.
 */
function encryptionKey(): string {
  return optional('ENCRYPTION_KEY') ?? keptSecret('encryption-key');
}

export const env = {
  /**
   * 'nodejs' inside the Next.js server, unset under vitest and tsx. Not configuration: Next.js inlines it into the
   * server bundle, so it is read by its literal name.
   */
  get nextRuntime() {
    return process.env.NEXT_RUNTIME;
  },
  get databaseUrl() {
    return optional('DATABASE_URL');
  },
  get databasePoolSize() {
    return numberOr('DATABASE_POOL_SIZE', 10);
  },
  /**
   * How long a process may reuse an authenticated session without reading it again (lib/server/people/auth/session-cache.ts;
   * revocations reach it at once through LISTEN/NOTIFY); 0 reads the database on every call.
   */
  get sessionCacheMs() {
    return numberOr('SESSION_CACHE_MS', 5_000);
  },
  get pgliteDir() {
    return optional('PGLITE_DIR') ?? dataPath('pglite');
  },
  get appUrl() {
    return optional('APP_URL') ?? `http://localhost:${optional('PORT') ?? '3000'}`;
  },
  get authSecret() {
    return authSecret();
  },
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For and set or append X-Forwarded-Host and
   * -Proto (0: Next.js itself is the edge, and those headers from a client are ignored).
   */
  get trustedProxyHops() {
    return numberOr('TRUSTED_PROXY_HOPS', 0);
  },
  get isProduction() {
    return process.env.NODE_ENV === 'production';
  },
  get secureCookies() {
    return (optional('APP_URL') ?? '').startsWith('https://');
  },
  get heartbeatMs() {
    return numberOr('STREAM_HEARTBEAT_MS', 15_000);
  },
  /** A Nominatim-compatible search endpoint; unset, the address search answers GEOCODER_NOT_CONFIGURED. */
  get geocoderUrl() {
    return optional('GEOCODER_URL');
  },
  /** An OSRM-compatible routing service root; unset, the route map draws straight lines between tasks. */
  get routerUrl() {
    return optional('ROUTER_URL');
  },
  /** How long a route lookup may take before the route map falls back to straight lines. */
  get routerTimeoutMs() {
    return numberOr('ROUTER_TIMEOUT_MS', 3_000);
  },
  /**
   * The auto-schedule solver's time budget in milliseconds; unset, it grows with the number of tasks (up to 3 s).
   * Benchmarks and tests set it.
   */
  get autoScheduleTimeLimitMs() {
    const value = numberOr('AUTO_SCHEDULE_TIME_LIMIT_MS', NaN);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  },
  /** A MapLibre style URL for the task map; unset, OpenStreetMap raster tiles. */
  get mapStyleUrl() {
    return optional('MAP_STYLE_URL');
  },
  /** Extra origins a MAP_STYLE_URL style loads tiles, glyphs or sprites from (space-separated), for the pages' policy. */
  get mapHosts() {
    return (optional('MAP_HOSTS') ?? '').split(/\s+/).filter(Boolean);
  },
  get encryptionKey() {
    return encryptionKey();
  },
  /** Xero's identity server: unset, the real authorise and token endpoints; set (a stand-in), its /connect/... paths. */
  get xeroIdentityUrl() {
    return optional('XERO_IDENTITY_URL');
  },
  /** Xero's Accounting API base; its origin also serves GET /connections. */
  get xeroApiUrl() {
    return optional('XERO_API_URL') ?? 'https://api.xero.com/api.xro/2.0';
  },
  /** How long one call to Xero may take before it is abandoned. */
  get xeroTimeoutMs() {
    return numberOr('XERO_TIMEOUT_MS', 10_000);
  },
  /** The local folder of uploaded files; outside public/ so nothing is served without an authorized route. */
  get storageDir() {
    return path.resolve(/* turbopackIgnore: true */ optional('STORAGE_DIR') ?? dataPath('files'));
  },
  /** smtp://user:pass@host:port (smtps:// for TLS); unset, e-mails wait in the outbox. */
  get smtpUrl() {
    return optional('SMTP_URL');
  },
  get mailFrom() {
    return optional('MAIL_FROM') ?? 'FieldOps <no-reply@localhost>';
  },
  /** A Twilio-compatible API root (https://api.twilio.com); unset, text messages wait in the outbox. */
  get smsUrl() {
    return optional('SMS_URL');
  },
  get smsAccountSid() {
    return optional('SMS_ACCOUNT_SID');
  },
  get smsAuthToken() {
    return optional('SMS_AUTH_TOKEN');
  },
  get smsFrom() {
    return optional('SMS_FROM');
  },
  /** OUTBOX_WORKER=off keeps the delivery job from starting inside the web server (tests, or `npm run worker` apart). */
  get outboxWorkerInServer() {
    return optional('OUTBOX_WORKER') !== 'off';
  },
  /** Days of live-stream history (task_changes) the retention job keeps. */
  get retentionTaskChangesDays() {
    return Math.max(1, numberOr('RETENTION_TASK_CHANGES_DAYS', 7));
  },
  /** Days a sent message stays in the outbox before the retention job deletes it. */
  get retentionSentOutboxDays() {
    return Math.max(1, numberOr('RETENTION_SENT_OUTBOX_DAYS', 90));
  },
  /** debug, info, warn or error; unset: info, or warn under vitest so test output stays quiet (lib/server/core/log.ts). */
  get logLevel() {
    return optional('LOG_LEVEL')?.toLowerCase() ?? (process.env.VITEST ? 'warn' : 'info');
  },
  /** How often the delivery job looks for due messages. */
  get outboxIntervalMs() {
    return numberOr('OUTBOX_INTERVAL_MS', 15_000);
  },
};
