import { closeConnection, connection } from '@/lib/server/core/db';
import { seedIfEmpty, seedLargeTenant } from './index';

/** `npm run seed [-- --tasks N]`: migrate, seed the demo when the database is empty, optionally build Bench Co. */
function requestedTaskCount(argv: string[]): number | null {
  const flag = argv.indexOf('--tasks');
  if (flag === -1) return null;
  const value = Number(argv[flag + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error('--tasks needs a positive whole number');
  return value;
}

async function main(): Promise<void> {
  const taskCount = requestedTaskCount(process.argv.slice(2));
  const db = await connection();
  await db.migrate();
  const seeded = await seedIfEmpty(db.db);
  console.log(seeded ? 'Seeded the demo tenants.' : 'The database already has tenants; demo seed skipped.');
  if (taskCount !== null) {
    const started = Date.now();
    const { inserted } = await seedLargeTenant(db.db, taskCount);
    console.log(`Bench Co: added ${inserted} tasks in ${((Date.now() - started) / 1000).toFixed(1)} s (target ${taskCount}).`);
  }
}

main()
  .then(() => closeConnection())
  .catch(async (error: unknown) => {
    console.error(error);
    await closeConnection();
    process.exitCode = 1;
  });
