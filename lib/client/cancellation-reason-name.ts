'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { defaultCancellationReasonKey } from '@/lib/contract/cancellation-reasons';

/**
 * Spec 03 §3: the default cancellation reasons come from the translations. A reason still under its default's stored
 * name reads in the user's language; one the company named itself reads as typed.
 */
export function useCancellationReasonName(): (name: string) => string {
  const t = useTranslations('cancellationReasonSettings.defaults');
  return useCallback(
    (name: string) => {
      const key = defaultCancellationReasonKey(name);
      return key ? t(key) : name;
    },
    [t],
  );
}
