import { parseArgs } from 'node:util';
import { backupDatabase } from './db-dump';

/**
 * `npm run db:backup -- <file>`: the PostgreSQL database of DATABASE_URL into <file> (pg_dump custom format).
 * Keep ENCRYPTION_KEY (or data/encryption-key) with it: the stored accounting secrets are encrypted with that key.
 */
async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('npm run db:backup needs DATABASE_URL (PostgreSQL); for PGlite, stop the app and copy its data folder.');
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error('Usage: npm run db:backup -- <file>');
  await backupDatabase(databaseUrl, file);
  console.log(`Backed up to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
