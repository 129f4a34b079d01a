import { WorkingTemplateList } from '@/components/working-hours/working-template/working-template-list';
import { menuPageOrRedirect } from '@/lib/server/menu';

/** Working hours → working template: which template each active worker follows, set one by one or many at once. */
export default async function WorkingTemplatePage() {
  await menuPageOrRedirect('working-hours', 'working-template');
  return <WorkingTemplateList />;
}
