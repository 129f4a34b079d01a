import pg from 'pg';
import { signIn } from './lib/bench-http';

/**
 * PostgreSQL connections killed under load: the app must answer clean 503s (never a 500 or a stack), keep serving
 * and recover by itself. Against a running app on the demo data (owner@demo.test):
 *   createdb -h 127.0.0.1 -U postgres fieldops_faults
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_faults
 *   PORT=3400 APP_URL=http://localhost:3400 npm start &
 *   BASE_URL=http://localhost:3400 npx tsx bench/faults.ts [--seconds 20] [--connections 8] [--kill-every-ms 1000]
 * Readers call GET me and GET clients in a loop; meanwhile every --kill-every-ms every other backend of the database
 * (the app's pool, its LISTEN connection, pg-boss) is ended with pg_terminate_backend. Then the kills stop and the
 * bench measures how long until GET /api/health and the readers answer 200 again. Prints the answers by status and
 * exits 1 on any 500, dropped connection, stack trace in a body, or no recovery within 30 s.
 */
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const databaseUrl = process.env.DATABASE_URL;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const seconds = option('--seconds', 20);
const connections = option('--connections', 8);
const killEveryMs = option('--kill-every-ms', 1000);
const paths = ['/api/web/me', '/api/web/clients'];

interface Tally {
  byStatus: Map<string, number>;
  leaks: string[];
}

function count(tally: Tally, key: string): void {
  tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
}

/** One request; a 5xx body must be the one JSON error shape with no trace of the server's internals. */
async function probe(path: string, cookie: string, tally: Tally): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    const text = await response.text();
    if (response.status >= 500) {
      const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? 'no code';
      count(tally, `${response.status} ${code}`);
      if (/\bat \S+:\d+|\.ts:\d|select |insert |update /i.test(text)) tally.leaks.push(text.slice(0, 200));
    } else {
      count(tally, String(response.status));
    }
    return response.status;
  } catch (error) {
    count(tally, `network error (${error instanceof Error ? error.message : String(error)})`);
    return 0;
  }
}

async function killBackends(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ killed: number }>(`
    select count(*) filter (where pg_terminate_backend(pid))::int as killed from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
  return rows[0]?.killed ?? 0;
}

async function untilHealthy(timeoutMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const ok = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function main(): Promise<void> {
  if (!databaseUrl) throw new Error('DATABASE_URL (the app\'s PostgreSQL database) is needed to kill its connections.');
  const cookie = await signIn(baseUrl, 'owner@demo.test');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const tally: Tally = { byStatus: new Map(), leaks: [] };
  const deadline = performance.now() + seconds * 1000;
  let kills = 0;
  let killed = 0;
  const killer = setInterval(() => {
    killBackends(admin).then((n) => {
      kills += 1;
      killed += n;
    }, () => undefined);
  }, killEveryMs);
  let requests = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, reader) => {
      for (let index = reader; performance.now() < deadline; index++) {
        await probe(paths[index % paths.length], cookie, tally);
        requests += 1;
      }
    }),
  );
  clearInterval(killer);
  const healthyAfterMs = await untilHealthy(30_000);
  const after: Tally = { byStatus: new Map(), leaks: [] };
  for (let index = 0; index < 50; index++) await probe(paths[index % paths.length], cookie, after);
  await admin.end();

  const rate = (requests / seconds).toFixed(0);
  console.log(`faults: ${seconds} s, ${connections} readers, ${requests} requests (${rate}/s), ${kills} kill rounds ending ${killed} connections`);
  console.log('answers under kills:', Object.fromEntries(tally.byStatus));
  console.log(`/api/health 200 again ${healthyAfterMs === null ? 'never (30 s)' : `after ${healthyAfterMs.toFixed(0)} ms`}`);
  console.log('50 requests after the kills:', Object.fromEntries(after.byStatus));
  const statuses = [...tally.byStatus.keys(), ...after.byStatus.keys()];
  const failures = [
    ...statuses.filter((status) => status.startsWith('500') || status.startsWith('network')).map((status) => `answers ${status}`),
    ...tally.leaks.map((leak) => `a body leaks internals: ${leak}`),
    ...(healthyAfterMs === null ? ['no recovery within 30 s'] : []),
    ...(after.byStatus.get('200') === 50 ? [] : ['not every request after the kills answered 200']),
  ];
  for (const failure of failures) console.log(`FAIL ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
