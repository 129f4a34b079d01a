import { SkillsList } from '@/components/skills/skills-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Settings → skills: owner, users manager and billing manager, with feature 4 (spec 03 §6). */
export default async function SkillsSettingsPage() {
  await menuPageOrRedirect('settings', 'skills');
  return <SkillsList />;
}
