import { getTranslations } from 'next-intl/server';
import { menuPageOrRedirect } from '@/lib/server/menu';

/** Screens that later releases build replace this page with their own route; until then it says so plainly. */
export default async function NotBuiltYetPage({ params }: { params: Promise<{ section: string; submenu: string }> }) {
  const { section, submenu } = await params;
  const page = await menuPageOrRedirect(section, submenu);
  const t = await getTranslations();
  return (
    <section className="mx-auto mt-10 max-w-xl rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h1 className="mb-2 text-lg font-semibold">
        {t('notBuilt.title', {
          section: t(`menu.${page.section}` as 'menu.tasks'),
          page: t(`submenu.${page.submenu}` as 'submenu.all'),
        })}
      </h1>
      <p className="text-sm text-slate-600">{t('notBuilt.message')}</p>
    </section>
  );
}
