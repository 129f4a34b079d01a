import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

const licenceUrl = 'https://www.gnu.org/licenses/agpl-3.0.html';
const featureSettingsPath = '/app/main/settings/feature-settings';

const linkClass = 'font-medium text-brand underline underline-offset-2 hover:text-brand-dark';

/**
 * Settings → plans (00-decisions, Subscription): there is no billing, so instead of plans to choose from the page says
 * what the product costs and under which licence, and where the optional features are switched on. Only the owner
 * may open feature settings, so only the owner gets the link; everyone else learns who to ask.
 */
export async function PlansScreen({ owner }: { owner: boolean }) {
  const t = await getTranslations('plans');
  const all = await getTranslations();
  const appName = all('common.appName');
  const where = { section: all('menu.settings'), page: all('submenu.feature-settings') };
  const paragraph = 'text-sm text-slate-700';
  return (
    <section aria-labelledby="plans-heading" className="mx-auto mt-6 flex max-w-2xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6">
      <h1 id="plans-heading" className="text-lg font-semibold text-slate-900">
        {t('heading', { appName })}
      </h1>
      <p className={paragraph}>{t('cost', { appName })}</p>
      <p className={paragraph}>
        {t.rich('licence', {
          link: (chunks: ReactNode) => (
            <a href={licenceUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
              {chunks}
            </a>
          ),
        })}
      </p>
      <p className={paragraph}>{t('features')}</p>
      <p className={paragraph}>
        {owner
          ? t.rich('switchOwner', {
              ...where,
              link: (chunks: ReactNode) => (
                <Link href={featureSettingsPath} className={linkClass}>
                  {chunks}
                </Link>
              ),
            })
          : t('switchOthers', where)}
      </p>
    </section>
  );
}
