import { sql } from 'drizzle-orm';
import { billingStatuses, cancellationReasons, features, taskStatuses } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/db/client';

/** The feature catalogue; the ids are part of the contract. */
export const featureCatalogue = [
  { id: 1, name: 'zones' },
  { id: 2, name: 'working hours' },
  { id: 3, name: 'time slots' },
  { id: 4, name: 'skills' },
  { id: 5, name: 'accounting integration' },
  { id: 6, name: 'send printout after completion' },
  { id: 7, name: 'tracking link in notifications' },
] as const;

export const taskStatusCatalogue = [
  { id: 1, status: 'pending', color: 'blue' },
  { id: 2, status: 'in progress', color: 'orange' },
  { id: 3, status: 'paused', color: 'violet' },
  { id: 4, status: 'completed', color: 'green' },
  { id: 5, status: 'cancelled', color: 'red' },
] as const;

export const billingStatusCatalogue = [
  { id: 1, status: 'pending', color: 'blue' },
  { id: 2, status: 'not invoiceable', color: 'violet' },
  { id: 3, status: 'invoiced', color: 'lime' },
  { id: 4, status: 'cancelled', color: 'gray' },
] as const;

export const defaultCancellationReasonNames = ['Client cancelled', 'Client no show', 'Duplicate', 'Other'] as const;

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
