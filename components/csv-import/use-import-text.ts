'use client';

import { useTranslations } from 'next-intl';
import type { CsvImportKind } from '@/lib/client/csv-import';

type Params = Record<string, string | number>;

/** The import modal's words: the import's own namespace first, then taskImport, which holds every word the modal uses. */
export function useImportText(namespace: CsvImportKind['namespace']) {
  const own = useTranslations(namespace);
  const shared = useTranslations('taskImport');
  return (key: string, params?: Params) => (own.has(key) ? own(key, params) : shared(key, params));
}
