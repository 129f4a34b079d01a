import 'server-only';
import { invalidEmailMessage } from '@/lib/contract/clients';
import { codedProblems, type CodedProblem } from '@/lib/server/core/csv-import/problems';

/**
 * Every code a line problem of the clients import can carry, with its English text; `{name}` marks a parameter.
 * The clients translate the code (messages clients.import.lineErrors.<code>, then the task import's shared ones in
 * taskImport.lineErrors); the texts the client rules answer (ClientBody) are mapped here word for word.
 */
export const clientLineProblemTexts = {
  // The texts shared with the task import, which its translations carry.
  lineLength: 'The line has {values} values; the header has {columns} columns.',
  unreadable: 'The line cannot be read: {reason}.',
  notANumber: 'Must be a number.',
  textTooLong: 'Must be at most {max} characters.',
  numberTooLarge: 'Must be at most {max}.',
  numberTooSmall: 'Must be at least {min}.',
  // The clients import's own.
  nameExists: 'A client named "{name}" already exists.',
  nameRepeated: 'The client "{name}" is already on line {line} of this file.',
  // The client rules (ClientBody, lib/contract/clients.ts).
  displayNameRequired: 'Display name is required',
  invalidEmail: invalidEmailMessage,
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  // Anything else: the English text as it is.
  other: '{message}',
} as const;

export type ClientLineProblemCode = keyof typeof clientLineProblemTexts;

const problems = codedProblems(clientLineProblemTexts);
export const clientLineProblemCodes: ClientLineProblemCode[] = problems.codes;
export const ownClientProblem = problems.own;
export const clientProblemOfIssue = problems.ofIssue;

export interface ClientLineProblem extends CodedProblem<ClientLineProblemCode> {
  column: string | null;
}
