import { useCallback } from 'react';
import type { z } from 'zod';
import { useErrorText } from '@/lib/client/error-text';
import type { FieldProblems, Problem } from '@/lib/contract/errors';
import { problemsOfError } from '@/lib/contract/problems';

/**
 * A field's problem with the start location or the tasks-per-day limit: the contract's code (scheduling.*, or a
 * generic validation.* one) with its params, whether the form's own check or the server gave it.
 */
export type SchedulingProblem = Problem;

/** The first problem of each field, by its path without `prefix` ('startLocation.', say). */
export function schedulingProblems(fields: FieldProblems, prefix = ''): Record<string, SchedulingProblem> {
  const found: Record<string, SchedulingProblem> = {};
  for (const [path, problems] of Object.entries(fields)) {
    const field = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    if (problems[0] !== undefined && !found[field]) found[field] = problems[0];
  }
  return found;
}

/** A zod failure of the contract's schemas as the coded field problems the API answers. */
export function issuesByField(error: z.ZodError): FieldProblems {
  return problemsOfError(error);
}

/** Says a problem in the user's language, by its code (errors.<code>). */
export function useSchedulingProblemText(): (problem: SchedulingProblem | undefined) => string | undefined {
  const errorText = useErrorText();
  return useCallback((problem) => (problem === undefined ? undefined : errorText(problem)), [errorText]);
}
