import { sql } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import type { Db, DbOrTx } from '@/lib/server/core/db';
import { seedDemoServices } from './demo-tenant';
import { seedOtherCo } from './other-tenant';
import { demoPasswordHashOnce } from './people';
import { ensureReferenceData } from '@/lib/server/reference/data/defaults';

export { ensureReferenceData, insertDefaultCancellationReasons } from '@/lib/server/reference/data/defaults';
export { demoPassword } from './people';
export { seedLargeTenant } from './large';

/** Any constant works; it only has to be the same for every process that may seed this database. */
const seedLockKey = 7_340_021;

/** Both demo tenants, "Demo Services" and "Other Co". Call it on a database without them. */
export async function seedDemo(db: DbOrTx, now: Date = new Date()): Promise<void> {
  const passwordHash = await demoPasswordHashOnce();
  await seedDemoServices(db, passwordHash, now);
  await seedOtherCo(db, passwordHash, now);
}

/**
 * Writes the reference data, and the demo when there are no tenants at all. One transaction under an advisory
 * lock: several instances starting together seed once, and a failure leaves the database as it was.
 */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  await demoPasswordHashOnce();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    await ensureReferenceData(tx);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(tenants);
    if (count > 0) return false;
    await seedDemo(tx, now);
    // Fresh statistics: PGlite never gathers them by itself, and plans made on empty tables stay slow.
    await tx.execute(sql`analyze`);
    return true;
  });
}
