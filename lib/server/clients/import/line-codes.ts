import 'server-only';
import { ownProblems, sharedLineProblem } from '@/lib/server/core/csv-import/problems';

/**
 * The clients import's own line problems, codes of the error catalogue with their English texts (`{name}` marks a
 * param). The client rules (ClientBody) answer the codes POST clients answers, from the schema's issues.
 */
export const clientLineProblemTexts = {
  'import.clientExists': 'A client named "{name}" already exists.',
  'import.clientRepeated': 'The client "{name}" is already on line {line} of this file.',
} as const;

export type ClientLineProblemCode = keyof typeof clientLineProblemTexts;

export const ownClientProblem = ownProblems<ClientLineProblemCode>(clientLineProblemTexts);

export { sharedLineProblem };
