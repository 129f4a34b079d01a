import { sql } from 'drizzle-orm';
import { closeConnection, connection } from '../lib/server/core/db';
import { seedIfEmpty } from '../db/seed';
import { encryptLegacySecrets } from '../lib/server/clients/accounting/credentials-store';

/**
 * Applies the migrations and, with `seed`, fills an empty database with the demo; then closes the connection,
 * because PGlite lets one process at a time open its data folder and the server comes next.
 */
export async function prepareDatabase({ seed }: { seed: boolean }): Promise<void> {
  try {
    const db = await connection();
    await db.migrate();
    // Secrets saved before encryption at rest: the key is configuration, not SQL, so this step is not a migration.
    const encrypted = await encryptLegacySecrets(db.db);
    if (encrypted > 0) console.log(`Encrypted the accounting credentials of ${encrypted} tenant(s).`);
    if (seed && (await seedIfEmpty(db.db))) console.log('Seeded the demo tenants (see README for the demo logins).');
    // PGlite has no autovacuum: without fresh statistics its plans stay those of empty tables.
    if (db.kind === 'pglite') await db.db.execute(sql`analyze`);
  } finally {
    await closeConnection();
  }
}

const invokedDirectly = process.argv[1]?.endsWith('prepare-database.ts');
if (invokedDirectly) {
  prepareDatabase({ seed: !process.argv.includes('--migrate-only') }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
