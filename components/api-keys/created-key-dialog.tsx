'use client';

import { Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import type { CreatedApiKeyView } from '@/lib/contract/api-keys';
import { useCopyKey } from './use-copy-key';

/**
 * The one time a key is shown whole, right after POST key. Clicking outside does not close it, so the key is not
 * lost by a stray click before it was copied.
 */
export function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKeyView | null; onClose: () => void }) {
  const t = useTranslations('apiKeys');
  const copy = useCopyKey();
  const inputId = useId();

  return (
    <Modal
      open={created !== null}
      onClose={onClose}
      dismissible={false}
      title={t('createdDialog.title')}
      footer={<Button onClick={onClose}>{t('createdDialog.done')}</Button>}
    >
      {created ? (
        <div className="flex flex-col gap-3 text-sm text-slate-700">
          <p>{t('createdDialog.message')}</p>
          <label htmlFor={inputId} className="font-medium">
            {t('createdDialog.keyLabel', { name: created.nameApiKey })}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={inputId}
              readOnly
              value={created.apiKey}
              onFocus={(event) => event.currentTarget.select()}
              className={`${controlClass} w-full border-slate-300 font-mono text-xs`}
            />
            <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => void copy(created.apiKey)}>
              <Copy size={16} aria-hidden />
              {t('key.copy')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
