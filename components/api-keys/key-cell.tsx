'use client';

import { Copy, Eye, EyeOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { toast } from 'sonner';
import type { ApiKeyView } from '@/lib/contract/api-keys';
import { useCopyKey } from './use-copy-key';

export const keyIconButtonClass = 'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800';

/**
 * A key in the list: masked, with show/hide and copy. Only a key made in this visit is known in full (the server
 * keeps a hash); for any other the buttons say it cannot be shown again rather than pretend.
 */
export function KeyCell({
  row,
  fullKey,
  shown,
  onToggle,
}: {
  row: ApiKeyView;
  /** The whole key, when it was created in this visit. */
  fullKey: string | undefined;
  shown: boolean;
  onToggle: () => void;
}) {
  const t = useTranslations('apiKeys.key');
  const copy = useCopyKey();
  // The row opens the drawer on a click: the buttons act for themselves only.
  const only = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  const cannotShow = () => toast.info(t('cannotShowAgain'));

  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-xs break-all text-slate-700">{fullKey && shown ? fullKey : row.maskedKey}</code>
      <button
        type="button"
        className={keyIconButtonClass}
        aria-label={shown ? t('hide') : t('show')}
        title={shown ? t('hide') : t('show')}
        aria-pressed={shown}
        onClick={only(fullKey ? onToggle : cannotShow)}
      >
        {shown ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
      </button>
      <button
        type="button"
        className={keyIconButtonClass}
        aria-label={t('copy')}
        title={t('copy')}
        onClick={only(fullKey ? () => void copy(fullKey) : cannotShow)}
      >
        <Copy size={14} aria-hidden />
      </button>
    </span>
  );
}
