'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { VisibleSection } from '@/lib/contract/menu';
import { sectionIcons } from './menu-icons';

/** The main menu's sections as links to their first tab, the current one marked; laid out by the caller. */
export function SectionLinks({
  menu,
  activeSection,
  linkClassName,
  onNavigate,
}: {
  menu: VisibleSection[];
  activeSection: string | undefined;
  linkClassName: (active: boolean) => string;
  onNavigate?: () => void;
}) {
  const t = useTranslations('menu');
  return menu.map((entry) => {
    const Icon = sectionIcons[entry.key];
    const active = entry.key === activeSection;
    return (
      <Link
        key={entry.key}
        href={`/app/main/${entry.key}/${entry.submenus[0]}`}
        aria-current={active ? 'page' : undefined}
        className={linkClassName(active)}
        onClick={onNavigate}
      >
        {Icon ? <Icon size={18} aria-hidden /> : null}
        <span>{t(entry.key as 'tasks')}</span>
      </Link>
    );
  });
}
