'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { ProblemParams } from '@/lib/contract/errors';
import { isCatalogued } from '@/lib/contract/problems';

/** What the browser puts into words: a problem of a field, or a whole refusal (an ApiError). */
export interface CodedText {
  code: string;
  params?: ProblemParams;
  message: string;
}

export type ErrorText = (problem: CodedText) => string;

/**
 * A refusal in the user's language, by its code and params (`errors.<code>` in messages/<language>.json). The English
 * message is never looked up: it shows only for a code this build does not know (a newer server), as the server
 * wrote it.
 */
export function useErrorText(): ErrorText {
  const t = useTranslations('errors');
  return useCallback(
    (problem: CodedText) => (isCatalogued(problem.code) && t.has(problem.code) ? t(problem.code, problem.params ?? {}) : problem.message),
    [t],
  );
}
