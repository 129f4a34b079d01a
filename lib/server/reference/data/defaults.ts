import { sql } from 'drizzle-orm';
import { billingStatuses, cancellationReasons, features, taskStatuses } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import {
  defaultCancellationReasonKeys,
  defaultCancellationReasonNames as storedReasonNames,
} from '@/lib/contract/cancellation-reasons';
import { featureCatalogue } from '@/lib/contract/features';
import { billingStatusCatalogue, taskStatusCatalogue } from '@/lib/contract/statuses';

/** The four defaults in the order a new company gets them, under their stored (English) names. */
export const defaultCancellationReasonNames = defaultCancellationReasonKeys.map((key) => storedReasonNames[key]);

/**
 * Rows every database needs, tenants or not: the features and both status lists. Safe to run on every start;
 * it rewrites names and colours so a database follows the code's catalogue.
 */
export async function ensureReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(features)
    .values([...featureCatalogue])
    .onConflictDoUpdate({ target: features.id, set: { name: sql`excluded.name` } });
  await db
    .insert(taskStatuses)
    .values([...taskStatusCatalogue])
    .onConflictDoUpdate({ target: taskStatuses.id, set: { status: sql`excluded.status`, color: sql`excluded.color` } });
  await db
    .insert(billingStatuses)
    .values([...billingStatusCatalogue])
    .onConflictDoUpdate({
      target: billingStatuses.id,
      set: { status: sql`excluded.status`, color: sql`excluded.color` },
    });
}

/** The four reasons a new company starts with; a sign-up can call this too. */
export async function insertDefaultCancellationReasons(db: DbOrTx, tenantId: number): Promise<number[]> {
  const rows = await db
    .insert(cancellationReasons)
    .values(defaultCancellationReasonNames.map((name) => ({ tenantId, name })))
    .returning({ id: cancellationReasons.id });
  return rows.map((row) => row.id);
}
