import { redirect } from 'next/navigation';
import { LocaleSettings } from '@/components/settings/locale/locale-settings';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { env } from '@/lib/server/core/env';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { getTenantSettings } from '@/lib/server/reference/tenant-settings';

/** Settings → locale (owner): the default map view and the office location, read here so the map opens on them. */
export default async function LocaleSettingsPage() {
  await menuPageOrRedirect('settings', 'locale');
  const ctx = await currentPageCtx();
  if (!ctx) redirect('/app/login');
  return <LocaleSettings initial={await getTenantSettings(ctx)} mapStyleUrl={env.mapStyleUrl ?? null} />;
}
