import { parseArgs } from 'node:util';
import { restoreDatabase } from './db-dump';

/**
 * `npm run db:restore -- <file> [--clean]`: a backup made by db:backup into the database of DATABASE_URL, in one
 * transaction. Into an empty database (createdb first); --clean drops what the backup holds before restoring, to
 * restore over the database the backup came from. Stop the app while restoring.
 */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { clean: { type: 'boolean' } } });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('npm run db:restore needs DATABASE_URL (PostgreSQL).');
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error('Usage: npm run db:restore -- <file> [--clean]');
  await restoreDatabase(databaseUrl, file, { clean: values.clean ?? false });
  console.log(`Restored ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
