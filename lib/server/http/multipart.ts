import 'server-only';
import type { ZodType } from 'zod';
import { TaskFileErrorCode, taskFileMessages } from '@/lib/contract/task-files';
import { codedParse } from '@/lib/contract/problems';
import { fieldErrors, fieldProblem, HttpError, invalidField, validationError } from '@/lib/server/core/errors';
import type { FileRule, ReadUpload, UploadedFile } from '@/lib/server/core/upload';
import { cleanFilename } from '../integrations/storage/upload-checks';
import { payloadTooLarge, readBounded } from './bounded-body';

/** One part of a multipart upload, as the route declares it and the OpenAPI document shows it. */
export interface UploadPart {
  name: string;
  kind: 'file' | 'text' | 'json';
  required?: boolean;
  /** A file part that may appear several times (several files); otherwise exactly one file is required. */
  repeated?: boolean;
  description: string;
  /** A JSON part's schema, or a text part's: the handler gets the parsed value. */
  schema?: ZodType;
  /** A file part's size limit and accepted types. */
  accept?: FileRule;
}

export interface UploadContract {
  parts: readonly UploadPart[];
  /** Room in the body for the other parts and the multipart framing, beside the file parts' own limits. */
  formBytes?: number;
  /**
   * POST tasks has always also read a url-encoded form (the task as a field, no files): kept so that no client that
   * relies on it breaks. Every other upload is multipart/form-data only.
   */
  acceptsUrlEncoded?: boolean;
}

type PartValue<T extends UploadPart> = T extends { kind: 'file'; repeated: true }
  ? UploadedFile[]
  : T extends { kind: 'file' }
    ? UploadedFile
    : T extends { schema: ZodType<infer O> }
      ? O
      : string | undefined;

/** The handler's view of the upload: each declared part by name, checked and typed. */
export type UploadedParts<U extends UploadContract> = { [T in U['parts'][number] as T['name']]: PartValue<T> };

export const tooLarge = (message: string) => new HttpError(413, TaskFileErrorCode.tooLarge, message, fieldProblem('file', TaskFileErrorCode.tooLarge, message));
export const unsupportedType = (message: string) =>
  new HttpError(415, TaskFileErrorCode.unsupportedType, message, fieldProblem('file', TaskFileErrorCode.unsupportedType, message));

/** Room for the multipart boundaries, headers and a short text part beside the files. */
const defaultFormBytes = 64 * 1024;

/** The upload of this request, read once, when the handler first asks for it. */
export function uploadReader<U extends UploadContract>(request: Request, contract: U): ReadUpload<UploadedParts<U>> {
  let read: Promise<UploadedParts<U>> | undefined;
  return () => (read ??= readUpload(request, contract) as Promise<UploadedParts<U>>);
}

async function readUpload(request: Request, contract: UploadContract): Promise<Record<string, unknown>> {
  const form = await readForm(request, contract);
  const parts: Record<string, unknown> = {};
  // The texts and JSON first: a refused field is told before a file is even looked at.
  for (const part of contract.parts) {
    if (part.kind === 'text') parts[part.name] = textPart(form, part);
    if (part.kind === 'json') parts[part.name] = await jsonPart(form, part);
  }
  for (const part of contract.parts) {
    if (part.kind === 'file') parts[part.name] = await fileParts(form, part);
  }
  return parts;
}

/** Never more than the declared limits of the body is read, whatever Content-Length claims: past them it is a 413. */
async function readForm(request: Request, contract: UploadContract): Promise<FormData> {
  const rules = contract.parts.flatMap((part) => (part.accept ? [part.accept] : []));
  const limit = rules.reduce((sum, rule) => sum + rule.maxBytes, contract.formBytes ?? defaultFormBytes);
  const refuse = () => (rules[0] ? tooLarge(rules[0].sizeMessage) : payloadTooLarge(limit));
  const bytes = await readBounded(request, limit, refuse);
  const contentType = request.headers.get('content-type') ?? '';
  const part = contract.parts[0]?.name ?? '';
  const notForm = () =>
    invalidField('body', 'request.notMultipart', `The body must be multipart/form-data with a part named ${part}.`, { part });
  if (!contract.acceptsUrlEncoded && !contentType.toLowerCase().startsWith('multipart/form-data')) throw notForm();
  try {
    return await new Response(bytes as BlobPart, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw notForm();
  }
}

function checked(schema: ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value, codedParse);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

const missingPart = (name: string) => invalidField(name, 'validation.required', `The ${name} part is required.`);

function textPart(form: FormData, part: UploadPart): unknown {
  const value = form.get(part.name);
  const text = typeof value === 'string' ? value : undefined;
  if (text === undefined && part.required) throw missingPart(part.name);
  return checked(part.schema, text);
}

/** A JSON part, sent as a field or as a file. */
async function jsonPart(form: FormData, part: UploadPart): Promise<unknown> {
  const value = form.get(part.name);
  if (value === null) {
    if (part.required) throw missingPart(part.name);
    return undefined;
  }
  const text = typeof value === 'string' ? value : await value.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidField(part.name, 'request.invalidJson', `The ${part.name} part is not valid JSON.`);
  }
  return checked(part.schema, json);
}

/** The part's files, checked: together under the size limit (413), each of an accepted kind (415). */
async function fileParts(form: FormData, part: UploadPart): Promise<UploadedFile | UploadedFile[]> {
  const rule = part.accept;
  if (!rule) throw new Error(`The file part ${part.name} declares no rule.`);
  const files = form.getAll(part.name).filter((entry): entry is File => typeof entry !== 'string');
  if (!part.repeated && files.length !== 1) {
    throw invalidField(part.name, 'file.required', taskFileMessages.fileRequired);
  }
  if (files.reduce((sum, file) => sum + file.size, 0) >= rule.maxBytes) throw tooLarge(rule.sizeMessage);
  const accepted: UploadedFile[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mimeType = await rule.detect(file.name, bytes);
    if (!mimeType) throw unsupportedType(rule.typeMessage);
    accepted.push({ name: cleanFilename(file.name), mimeType, bytes });
  }
  return part.repeated ? accepted : accepted[0];
}
