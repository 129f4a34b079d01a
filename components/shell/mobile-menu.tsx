'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { VisibleSection } from '@/lib/contract/menu';
import { SectionLinks } from './section-links';

const sectionLinkClass = (active: boolean) =>
  `flex items-center gap-3 rounded-md px-3 py-2.5 text-sm ${
    active ? 'bg-brand/10 font-medium text-brand' : 'text-slate-700 hover:bg-slate-100'
  }`;

/**
 * Below the desktop breakpoint (1254 px) the sections do not fit beside the add-task button and the user menu:
 * a menu button opens them in a panel from the left, which closes once the user picks one.
 */
export function MobileMenu({ menu, activeSection }: { menu: VisibleSection[]; activeSection: string | undefined }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t('shellFixes.openMenu')}
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 min-[1254px]:hidden"
      >
        <Menu size={20} aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-0 left-0 z-50 flex h-full w-72 max-w-[85vw] flex-col bg-white shadow-xl outline-none"
        >
          <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-3">
            <span className="flex h-7 w-7 items-center justify-center rounded bg-brand text-white" aria-hidden>
              F
            </span>
            <Dialog.Title className="flex-1 font-semibold text-brand">{t('common.appName')}</Dialog.Title>
            <Dialog.Close aria-label={t('shellFixes.closeMenu')} className="rounded p-1 text-slate-500 hover:bg-slate-100">
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.mainMenu')} className="flex flex-col gap-1 overflow-y-auto p-2">
            <SectionLinks
              menu={menu}
              activeSection={activeSection}
              linkClassName={sectionLinkClass}
              onNavigate={() => setOpen(false)}
            />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
