import pg from 'pg';
import { largeTenantName } from '../../db/seed/large';
import { signIn } from './bench-http';
import { formatMs, summarise } from './stats';

/**
 * The session cache's promise (lib/server/people/auth/session-cache.ts): a sign-out, a deactivation or a role change made
 * through one instance is refused by every other within 1 s, although each caches a session for a few seconds.
 * A dispatcher of Bench Co calls instance B until B has cached its session, the change goes through instance A,
 * and B is then asked back to back until it refuses; the time from A's answer to B's refusal is the figure.
 */
export const dispatcherUsername = 'load-dispatcher@bench.test';
const refusalWaitMs = 6_000;

/** The dispatcher (tasks manager only) signs in with the owner's password; active and a tasks manager again. */
export async function ensureDispatcher(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ id: number }>('select id from users where username = $1', [dispatcherUsername]);
    let id = existing.rows[0]?.id;
    if (id === undefined) {
      const created = await client.query<{ id: number }>(
        `insert into users (tenant_id, username, name, surname, tasks_manager)
         select id, $2, 'Load', 'Dispatcher', true from tenants where display_name = $1 returning id`,
        [largeTenantName, dispatcherUsername],
      );
      id = created.rows[0].id;
    }
    await client.query('update users set active = true, tasks_manager = true, deleted = null where id = $1 and not (active and tasks_manager and deleted is null)', [id]);
    await client.query(
      `insert into accounts (user_id, account_id, provider_id, password)
       select $1, $2, 'credential', a.password from accounts a join users u on u.id = a.user_id
        where u.username = 'owner@bench.test' and a.provider_id = 'credential'
          and not exists (select 1 from accounts where user_id = $1 and provider_id = 'credential')`,
      [id, String(id)],
    );
    return id;
  } finally {
    await client.end();
  }
}

export interface Instances {
  a: string;
  b: string;
}

type Action = 'sign-out' | 'deactivation' | 'role change';

interface Trial {
  ms: number;
  /** B's answers that still let the dispatcher in after A had answered. */
  lateAnswers: number;
  refusedWith: number;
}

async function status(url: string, cookie: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(url, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
  await response.arrayBuffer();
  return response.status;
}

async function editDispatcher(instances: Instances, ownerCookie: string, change: Record<string, unknown>): Promise<void> {
  const answered = await status(`${instances.a}/api/web/users/update-multi-user?admin=true`, ownerCookie, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...change }),
  });
  if (answered !== 200) throw new Error(`PUT users/update-multi-user answered ${answered}`);
}

async function oneTrial(action: Action, instances: Instances, ownerCookie: string, dispatcherId: number, taskId: number): Promise<Trial> {
  const cookie = await signIn(instances.a, dispatcherUsername);
  const probe = `${instances.b}/api/web/tasks/${taskId}`;
  // Twice: the first read fills B's cache, the second is served from it.
  for (let round = 0; round < 2; round++) {
    const answered = await status(probe, cookie);
    if (answered !== 200) throw new Error(`B answered ${answered} before the ${action}`);
  }
  if (action === 'sign-out') {
    const answered = await status(`${instances.a}/api/web/logout`, cookie, { method: 'POST', headers: { origin: instances.a } });
    if (answered !== 200) throw new Error(`POST logout answered ${answered}`);
  } else {
    await editDispatcher(instances, ownerCookie, { userIds: [dispatcherId], ...(action === 'deactivation' ? { active: false } : { tasksManager: false }) });
  }
  const answeredAt = performance.now();
  let lateAnswers = 0;
  try {
    while (performance.now() - answeredAt < refusalWaitMs) {
      const answered = await status(probe, cookie);
      if (answered === 401 || answered === 403) return { ms: performance.now() - answeredAt, lateAnswers, refusedWith: answered };
      lateAnswers++;
    }
    return { ms: Number.POSITIVE_INFINITY, lateAnswers, refusedWith: 0 };
  } finally {
    if (action !== 'sign-out') await editDispatcher(instances, ownerCookie, { userIds: [dispatcherId], active: true, tasksManager: true });
  }
}

/** Runs `trials` of each change and prints, for each, how long B took to refuse after A answered. */
export async function measureSessionAgreement(instances: Instances, databaseUrl: string, taskId: number, trials: number): Promise<boolean> {
  const dispatcherId = await ensureDispatcher(databaseUrl);
  const ownerCookie = await signIn(instances.a, 'owner@bench.test');
  let allWithinGoal = true;
  for (const action of ['sign-out', 'deactivation', 'role change'] as const) {
    const results: Trial[] = [];
    for (let trial = 0; trial < trials; trial++) results.push(await oneTrial(action, instances, ownerCookie, dispatcherId, taskId));
    const refused = results.filter((result) => Number.isFinite(result.ms));
    const statuses = [...new Set(refused.map((result) => result.refusedWith))].join('/');
    const late = results.reduce((sum, result) => sum + result.lateAnswers, 0);
    if (refused.length < results.length || refused.some((result) => result.ms > 1000)) allWithinGoal = false;
    if (refused.length === 0) {
      console.log(`${action} through A: B never refused within ${refusalWaitMs} ms in ${trials} trials`);
      continue;
    }
    const stats = summarise(refused.map((result) => result.ms));
    console.log(
      `${action} through A → B refuses the old cookie (${statuses}): ${refused.length}/${trials} within ${refusalWaitMs} ms; ` +
        `min ${formatMs(stats.min)}, median ${formatMs(stats.median)}, p95 ${formatMs(stats.p95)}, max ${formatMs(stats.max)}; ` +
        `answers still 200 after A's answer: ${late}`,
    );
  }
  return allWithinGoal;
}
