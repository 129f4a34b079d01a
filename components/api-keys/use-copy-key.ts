'use client';

import { useTranslations } from 'next-intl';
import { toast } from 'sonner';

/**
 * Copies a key to the clipboard and says how it went (spec 03 §8): the clipboard can refuse (no permission, an
 * insecure page, a browser without the API), and the user must then know to copy by hand.
 */
export function useCopyKey(): (key: string) => Promise<void> {
  const t = useTranslations('apiKeys.key');
  return async (key) => {
    try {
      await navigator.clipboard.writeText(key);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
}
