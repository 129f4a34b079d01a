import { redirect } from 'next/navigation';
import { WorkingTemplateList } from '@/components/working-hours/working-template/working-template-list';
import { currentPageCtx } from '@/lib/server/people/auth/page-session';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';
import { templateChoices } from '@/lib/server/people/users/working-template';

/**
 * Working hours → working template: which template each active worker follows, set one by one or many at once.
 * The templates to choose from are read here: a users manager has no access to the template calls themselves.
 */
export default async function WorkingTemplatePage() {
  await menuPageOrRedirect('working-hours', 'working-template');
  const ctx = await currentPageCtx();
  if (!ctx) redirect('/app/login');
  return <WorkingTemplateList templates={await templateChoices(ctx)} />;
}
