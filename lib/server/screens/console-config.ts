import 'server-only';
import type { ConsoleConfig } from '@/lib/contract/console-config';
import type { FeatureId } from '@/lib/contract/features';
import { env } from '@/lib/server/core/env';

/** The console's config for a signed-in user of a company with these features, read from the server's environment. */
export function consoleConfig(features: readonly FeatureId[]): ConsoleConfig {
  return { features: [...features], geocoder: env.geocoderUrl !== undefined };
}
