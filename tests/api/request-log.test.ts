import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/core/db';
import { route } from '@/lib/server/http/route';
import { flushLog, log } from '@/lib/server/core/log';
import { createCompany } from './setup/fixtures';
import { call, signIn } from './setup/http';

let cookie: string;
let tenantId: number;
let userId: number;

beforeAll(async () => {
  const company = await createCompany();
  tenantId = company.tenantId;
  userId = company.owner.id;
  cookie = await signIn(company.owner.username);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The JSON lines written to a stream while `run` runs. */
async function linesWritten(stream: NodeJS.WriteStream, run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const chunks: string[] = [];
  vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  await run();
  // Lines at debug and info are written together at the end of the event loop's turn: write them now.
  flushLog();
  vi.restoreAllMocks();
  return chunks.flatMap((chunk) => chunk.split('\n')).filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}

const requestIdOf = async (response: Response) => ((await response.json()) as { error: { requestId: string } }).error.requestId;

describe('structured logs', () => {
  it('writes one JSON line per event with time, level and message, and drops events below LOG_LEVEL', async () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    const lines = await linesWritten(process.stdout, async () => {
      log.info('dropped');
      log.debug('dropped too');
    });
    expect(lines).toEqual([]);
    vi.stubEnv('LOG_LEVEL', 'debug');
    const written = await linesWritten(process.stdout, async () => log.debug('kept', { tenantId: 3 }));
    expect(written).toEqual([{ time: expect.any(String), level: 'debug', msg: 'kept', tenantId: 3 }]);
    expect(Number.isNaN(Date.parse(written[0].time as string))).toBe(false);
  });

  it('logs each API request at info with its request id, method, path, status, duration and caller', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const handler = route({}, () => ({ ok: true }));
    let response = new Response();
    const lines = await linesWritten(process.stdout, async () => {
      response = await call(handler, { cookie, path: '/api/web/things' });
    });
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        msg: 'request',
        requestId: response.headers.get('x-request-id'),
        method: 'GET',
        path: '/api/web/things',
        status: 200,
        ms: expect.any(Number),
        tenantId,
        userId,
      },
    ]);
  });

  it('logs a 500 at error with the request id the response carries, the stack only in the log', async () => {
    const handler = route({}, () => {
      throw new Error('secret internals');
    });
    let response = new Response();
    const lines = await linesWritten(process.stderr, async () => {
      response = await call(handler, { cookie });
    });
    expect(response.status).toBe(500);
    const requestId = await requestIdOf(response);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: 'request failed', requestId, status: 500, error: 'secret internals' })]);
    expect(lines[0].stack).toContain('secret internals');
  });

  it('keeps the parameters of a failed query out of the log', async () => {
    const handler = route({}, () => {
      throw new Error('Failed query: select * from sessions where token = $1\nparams: secret-session-token', { cause: new Error('boom') });
    });
    const lines = await linesWritten(process.stderr, () => call(handler, { cookie }));
    expect(JSON.stringify(lines)).not.toContain('secret-session-token');
    expect(lines[0].error).toBe('Failed query: select * from sessions where token = $1\nparams: [redacted]');
  });
});

describe('database connection failures', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, not 500, for a connection error code', async () => {
    const handler = route({}, () => {
      throw new Error('Failed query', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    });
    const lines = await linesWritten(process.stderr, async () => {
      const response = await call(handler, { cookie });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('request.unavailable');
      expect(JSON.stringify(body)).not.toContain('administrator');
    });
    expect(lines).toEqual([expect.objectContaining({ level: 'error', status: 503 })]);
  });

  it.runIf(process.env.DATABASE_URL)('answers 503 when PostgreSQL ends a transaction connection mid-request, with no uncaught error, and the next request succeeds', async () => {
    // The request's own role may not signal a backend the server's login owns, as in production: the process's
    // own connection ends it, as an administrator or a PostgreSQL restart would.
    const killsItsConnection = route({}, async ({ ctx }) =>
      ctx.db.transaction(async (tx) => {
        const [own] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        const system = await getDb();
        await system.execute(sql`select pg_terminate_backend(${own.pid})`);
        // Until the backend is gone, so that its end reaches the idle, checked-out connection before the next statement.
        while ((await queryRows(system, sql`select 1 from pg_stat_activity where pid = ${own.pid}`)).length > 0);
        await tx.execute(sql`select 1`);
      }),
    );
    const reads = route({}, async ({ ctx }) => {
      await ctx.db.execute(sql`select 1`);
      return { ok: true };
    });
    await linesWritten(process.stderr, async () => {
      expect((await call(killsItsConnection, { cookie })).status).toBe(503);
    });
    const after = await call(reads, { cookie });
    expect(after.status).toBe(200);
  });
});
