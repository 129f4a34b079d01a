import { CustomFieldsList } from '@/components/custom-fields/custom-fields-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → custom fields: owner, users manager and billing manager (spec 03 §6). */
export default async function CustomFieldsSettingsPage() {
  await menuPageOrRedirect('settings', 'custom-fields');
  return <CustomFieldsList />;
}
