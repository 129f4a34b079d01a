import 'server-only';
import type { ErrorCodeName, Problem, ProblemParams } from '@/lib/contract/errors';
import type { HttpError } from '@/lib/server/core/errors';

/**
 * Why a line was not imported, about one column of the file or (column null) the whole line: a code of the error
 * catalogue with its params, as the API's refusals carry them, and the English text for lineErrors.
 */
export interface LineProblem extends Problem {
  column: string | null;
}

const fill = (text: string, params: ProblemParams) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));

/**
 * An import's own line problems: each code with its English text, `{name}` marking a param. The texts are the
 * spec's; clients translate the code (errors.<code>), never the text.
 */
export function ownProblems<Code extends ErrorCodeName>(texts: Record<Code, string>) {
  return (code: Code, params: ProblemParams = {}): Problem => ({ code, params, message: fill(texts[code], params) });
}

/** The texts every import's lines share. */
export const sharedLineProblem = ownProblems({
  'import.lineLength': 'The line has {values} values; the header has {columns} columns.',
  'import.unreadable': 'The line cannot be read: {reason}.',
  'import.notANumber': 'Must be a number.',
});

/**
 * A rule's refusal (an HttpError of the call the import shares its rules with) as the problems by path it carries,
 * each with the code the call answers; a refusal without fields is one problem of the whole value (`_`).
 */
export function problemsOfRefusal(error: HttpError): Array<[path: string, problem: Problem]> {
  if (!error.fields) return [['_', { code: error.code, params: error.params ?? {}, message: error.message }]];
  return Object.entries(error.fields).flatMap(([path, problems]) => problems.map((one): [string, Problem] => [path, one]));
}
