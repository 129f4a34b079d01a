'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Copy, UserMinus } from 'lucide-react';
import { useTranslations } from 'next-intl';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';

/**
 * The context menu of a bar (right click, or the context-menu key / Shift+F10 on a focused bar): Unassign and
 * Duplicate. Anchored on the point of the click through an invisible trigger; Radix gives it focus and arrow keys.
 */
export function EventMenu({
  point,
  title,
  onUnassign,
  onDuplicate,
  onClose,
}: {
  point: { x: number; y: number };
  title: string;
  onUnassign: () => void;
  onDuplicate: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('schedule.menu');
  return (
    <DropdownMenu.Root open onOpenChange={(open) => (open ? undefined : onClose())} modal={false}>
      <DropdownMenu.Trigger asChild>
        <span aria-hidden className="pointer-events-none fixed size-0" style={{ left: point.x, top: point.y }} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={2}
          aria-label={t('label', { task: title })}
          className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={itemClass} onSelect={onUnassign}>
            <UserMinus size={14} aria-hidden />
            {t('unassign')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onDuplicate}>
            <Copy size={14} aria-hidden />
            {t('duplicate')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
