import type { z } from 'zod';
import { errorCatalogue, type ErrorCodeName } from './error-catalogue';
import type { FieldProblems, Problem, ProblemParams } from './errors';

/**
 * The one zod error map of the product: a zod issue as a coded problem. Built-in checks get the generic
 * `validation.*` codes with their limits as params; a refinement names its own code with `rule()`. The English
 * message stays whatever the schema says (the spec's text). Server and browser both use it, so a form's own check
 * and the server's refusal of the same value carry the same code.
 */
export function problemOfIssue(issue: z.core.$ZodIssue): Problem {
  const [code, params] = codeOfIssue(issue);
  return { code, params, message: issue.message };
}

/** A zod error's issues as problems by dotted path (`_` for the value as a whole). */
export function problemsOfError(error: z.ZodError): FieldProblems {
  const fields: FieldProblems = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(problemOfIssue(issue));
  }
  return fields;
}

/**
 * A refinement's message and code, as refine() and addIssue() take them:
 * `.refine(hasThreePoints, rule('zones.pointsTooFew', zoneMessages.pointsTooFew, { min: 3 }))`.
 */
export function rule(code: ErrorCodeName, message: string, params: ProblemParams = {}) {
  return { message, params: { ...params, code } };
}

/**
 * A built-in check's message and code: `.regex(hoursPattern, coded('workingHours.hoursInvalid', message))`,
 * `.min(3, coded('zones.pointsTooFew', message, { min: 3 }))`. Unlike a refinement, the check stays what it is, so
 * the OpenAPI document still shows its pattern, bounds or choices. Zod hands the issue to this map before it copies
 * it (tests/unit/errors/problems.test.ts holds zod to that), so the code set here reaches the final issue.
 */
export function coded(code: ErrorCodeName, message: string, params: ProblemParams = {}) {
  return {
    error: (raised: unknown) => {
      const issue = raised as { params?: Record<string, unknown> };
      issue.params = { ...issue.params, ...params, code };
      return message;
    },
  };
}

/** Parse options that keep the refused input on each issue, so a missing value reads as `validation.required`. */
export const codedParse = { reportInput: true } as const;

function codeOfIssue(issue: z.core.$ZodIssue): [ErrorCodeName, ProblemParams] {
  const own = 'params' in issue ? ownCode(issue.params) : null;
  if (own) return own;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? ['validation.required', {}] : ['validation.invalidType', { expected: issue.expected }];
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum));
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum));
    case 'invalid_format':
      return [formatCode(issue.format), {}];
    case 'not_multiple_of':
      return ['validation.notMultipleOf', { step: Number(issue.divisor) }];
    case 'unrecognized_keys':
      return ['validation.unknownKeys', { keys: issue.keys.join(', ') }];
    case 'invalid_value':
      return issue.input === undefined || issue.input === null ? ['validation.required', {}] : ['validation.option', {}];
    case 'custom':
      return ['validation.invalid', {}];
    default:
      return ['validation.invalid', {}];
  }
}

function tooSmall(origin: string, min: number): [ErrorCodeName, ProblemParams] {
  if (origin === 'string') return min <= 1 ? ['validation.required', {}] : ['validation.tooShort', { min }];
  if (origin === 'array' || origin === 'set') return ['validation.tooFewItems', { min }];
  return ['validation.tooSmall', { min }];
}

function tooBig(origin: string, max: number): [ErrorCodeName, ProblemParams] {
  if (origin === 'string') return ['validation.tooLong', { max }];
  if (origin === 'array' || origin === 'set') return ['validation.tooManyItems', { max }];
  return ['validation.tooBig', { max }];
}

function formatCode(format: string): ErrorCodeName {
  if (format === 'email') return 'validation.email';
  if (format === 'url') return 'validation.url';
  if (format === 'date') return 'validation.date';
  if (format === 'datetime') return 'validation.dateTime';
  if (format === 'time') return 'validation.time';
  return 'validation.format';
}

/** The code a check names with rule() or coded(), with its params. */
function ownCode(params: Record<string, unknown> | undefined): [ErrorCodeName, ProblemParams] | null {
  const { code, ...rest } = params ?? {};
  if (typeof code !== 'string' || !isCatalogued(code)) return null;
  const values: ProblemParams = {};
  for (const [name, value] of Object.entries(rest)) if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  return [code, values];
}

export function isCatalogued(code: string): code is ErrorCodeName {
  const [namespace, name, ...more] = code.split('.');
  if (more.length > 0 || !namespace || !name || !Object.hasOwn(errorCatalogue, namespace)) return false;
  return Object.hasOwn(errorCatalogue[namespace as keyof typeof errorCatalogue], name);
}
