import { features } from '@/db/schema';
import { featureCatalogue } from '@/lib/contract/features';
import { getDb } from '@/lib/server/db/client';

export async function seedFeatureCatalogue(): Promise<void> {
  const db = await getDb();
  await db.insert(features).values(featureCatalogue).onConflictDoNothing();
}
