'use client';

import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { codedParse, problemOfIssue } from '@/lib/contract/problems';
import type { ErrorText } from './error-text';

/**
 * A react-hook-form resolver on a contract schema whose errors are the server's codes put into words: the form's own
 * check and the server's refusal of the same value read alike, in the user's language. Each field shows its first
 * problem; the error's `type` is the code.
 */
export function codedResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  text: ErrorText,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, codedParse);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const problem = problemOfIssue(issue);
      errors[path] = { type: problem.code, message: text(problem) };
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) as FieldErrors<Input> };
  };
}
