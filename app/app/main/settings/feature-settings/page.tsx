import { FeatureSettings } from '@/components/feature-settings/feature-settings';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → feature settings (owner): the tenant's optional features, switched on and off. */
export default async function FeatureSettingsPage() {
  await menuPageOrRedirect('settings', 'feature-settings');
  return <FeatureSettings />;
}
