import { spawn } from 'node:child_process';

/**
 * pg_dump and pg_restore with the DATABASE_URL split into libpq variables, so the password travels in the child's
 * environment and never on its command line (which `ps` shows to every user of the machine).
 */
function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const variables: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
  };
  if (url.password) variables.PGPASSWORD = decodeURIComponent(url.password);
  const sslMode = url.searchParams.get('sslmode');
  if (sslMode) variables.PGSSLMODE = sslMode;
  return variables;
}

function run(command: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: libpqEnvironment(databaseUrl), stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${command} could not start (is the PostgreSQL client installed?): ${error.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`))));
  });
}

/** The whole database (the app's tables, the migrations log and pg-boss's queue) in pg_dump's custom format. */
export function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], databaseUrl);
}

/**
 * A backup into the database of `databaseUrl`, in one transaction (all or nothing). Into an empty database by
 * default; `clean` first drops the objects the backup holds, to restore over an existing copy.
 */
export function restoreDatabase(databaseUrl: string, file: string, { clean = false } = {}): Promise<void> {
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE}`];
  if (clean) args.push('--clean', '--if-exists');
  return run('pg_restore', [...args, file], databaseUrl);
}
