import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * This run's PostgreSQL database, as scripts/e2e-server.ts left its address for the port; null on a PGlite run,
 * whose database lives inside the app's process.
 */
export function e2eDatabaseUrl(): string | null {
  const port = process.env.E2E_PORT ?? '3100';
  try {
    return readFileSync(path.join(tmpdir(), `fieldops-e2e-${port}.database-url`), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = e2eDatabaseUrl();
  if (!url) throw new Error('This spec needs the e2e run on PostgreSQL (DATABASE_URL).');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A worker of the demo tenant of its own, with the demo password (its hash copied from worker1's login), so a spec
 * can change its name, picture and password without disturbing the seeded people other specs rely on.
 */
export async function createDemoWorker(options: { name: string; surname: string; firstLogin?: boolean }): Promise<string> {
  const username = `${options.name.toLowerCase()}-${Date.now().toString(36)}@demo.test`;
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into users (tenant_id, username, name, surname, assignee, first_login)
       select tenant_id, $1, $2, $3, true, $4 from users where username = 'worker1@demo.test'
       returning id`,
      [username, options.name, options.surname, options.firstLogin ?? false],
    );
    const [user] = rows;
    await client.query(
      `insert into accounts (user_id, account_id, provider_id, password)
       select $1, $2, 'credential', a.password from accounts a
       join users u on u.id = a.user_id where u.username = 'worker1@demo.test' and a.provider_id = 'credential'`,
      [user.id, String(user.id)],
    );
  });
  return username;
}
