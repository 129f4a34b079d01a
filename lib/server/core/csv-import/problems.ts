import 'server-only';
import type { z } from 'zod';
import type { CsvImportLineProblem } from '@/lib/contract/csv-import';

export type ProblemParams = CsvImportLineProblem['params'];

/** A problem of one line: its code and parameters for the clients, its English text for lineErrors. */
export interface CodedProblem<Code extends string = string> {
  code: Code;
  params: ProblemParams;
  message: string;
}

/** The codes every import's table holds, because the shared helpers below answer them. */
export type SharedCode = 'textTooLong' | 'numberTooLarge' | 'numberTooSmall' | 'other';

const fill = (text: string, params: ProblemParams) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));

/**
 * The helpers of one import's table of codes and English texts (`{name}` marks a parameter): its own problems,
 * a shared rule's English message by its code in the table (or `other` carrying the text), and a schema issue by
 * its text or, for a size limit, by the issue's own bound (zod words those in English).
 */
export function codedProblems<Table extends Record<SharedCode, string>>(texts: Table) {
  type Code = keyof Table & string;
  const codes = Object.keys(texts) as Code[];
  const textOf = (code: Code): string => (texts as Record<Code, string>)[code];
  const own = (code: Code, params: ProblemParams = {}): CodedProblem<Code> => ({ code, params, message: fill(textOf(code), params) });
  const codeOfText = new Map<string, Code>(codes.filter((code) => !textOf(code).includes('{')).map((code) => [textOf(code), code]));
  const ofMessage = (message: string): CodedProblem<Code> => {
    const code = codeOfText.get(message);
    return code ? { code, params: {}, message } : { code: 'other', params: { message }, message };
  };
  const ofIssue = (issue: z.core.$ZodIssue): CodedProblem<Code> => {
    const known = ofMessage(issue.message);
    if (known.code !== 'other') return known;
    const { message } = issue;
    if (issue.code === 'too_big' && issue.origin === 'string') return { code: 'textTooLong', params: { max: Number(issue.maximum) }, message };
    if (issue.code === 'too_big' && (issue.origin === 'number' || issue.origin === 'int')) {
      return { code: 'numberTooLarge', params: { max: Number(issue.maximum) }, message };
    }
    if (issue.code === 'too_small' && (issue.origin === 'number' || issue.origin === 'int')) {
      return { code: 'numberTooSmall', params: { min: Number(issue.minimum) }, message };
    }
    return known;
  };
  return { codes, own, ofMessage, ofIssue };
}
