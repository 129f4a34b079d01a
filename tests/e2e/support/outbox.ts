import pg from 'pg';

/**
 * The e-mail most recently queued for `recipient`, as it will be delivered, read straight from the outbox table
 * (delivery is not part of the app under test). The app runs on a database of its own whose name only its server
 * knows (scripts/e2e-server.ts), and other runs may have theirs beside it, so the run's databases are searched for
 * the one that holds the recipient, which each spec makes unique.
 */
export async function lastMailTo(recipient: string): Promise<{ subject: string | null; body: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('Reading the outbox needs DATABASE_URL (the PostgreSQL the e2e server runs on).');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const { rows: databases } = await admin
    .query<{ datname: string }>(`select datname from pg_database where datname like 'fieldops\\_e2e\\_%' order by datname desc`)
    .finally(() => admin.end());
  for (const { datname } of databases) {
    const url = new URL(baseUrl);
    url.pathname = `/${datname}`;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      const { rows } = await client.query<{ subject: string | null; body: string }>(
        // The mail as it will be delivered: the outbox's own body shows a first-login password or reset link masked.
        `select subject, coalesce(secret_body, body) as body from outbox where recipient = $1 order by id desc limit 1`,
        [recipient],
      );
      if (rows[0]) return rows[0];
    } catch {
      // A database still being created or migrated by another run has no outbox yet: not the one.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`No e-mail to ${recipient} in any e2e database.`);
}
