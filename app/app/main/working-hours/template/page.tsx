import { TemplatesList } from '@/components/working-hours/templates-list';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/** Working hours → templates (tasks managers, feature 2): the list of templates, edited in the template drawer. */
export default async function WorkingHoursTemplatesPage() {
  await menuPageOrRedirect('working-hours', 'template');
  return <TemplatesList />;
}
