import 'server-only';
import { TaskFileErrorCode, taskFileMessages } from '@/lib/contract/task-files';
import { readBounded } from '@/lib/server/http/bounded-body';
import { HttpError, validationError } from '@/lib/server/core/errors';
import { cleanFilename } from '../integrations/storage/upload-checks';

/** Room for the multipart boundaries, headers and a description beside the file itself. */
const formOverheadBytes = 64 * 1024;

export interface UploadRule {
  /** The mime type when content and name are of an accepted kind, else null. */
  detect: (name: string, bytes: Uint8Array) => Promise<string | null>;
  /** The file must be smaller than this. */
  maxBytes: number;
  sizeMessage: string;
  typeMessage: string;
}

export interface AcceptedUpload {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

export const tooLarge = (message: string) => new HttpError(413, TaskFileErrorCode.tooLarge, message, { file: [message] });
export const unsupportedType = (message: string) =>
  new HttpError(415, TaskFileErrorCode.unsupportedType, message, { file: [message] });

/** A multipart body's parts; anything else is a 400. */
export async function readMultipart(request: Request, rule: UploadRule): Promise<FormData> {
  const bytes = await readBounded(request, rule.maxBytes + formOverheadBytes, () => tooLarge(rule.sizeMessage));
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw validationError({ body: ['The body must be multipart/form-data with a part named file.'] });
  }
  try {
    return await new Response(bytes as BlobPart, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw validationError({ body: ['The body must be multipart/form-data with a part named file.'] });
  }
}

/** The one `file` part, checked: under the size limit (413), its content and extension of an accepted kind (415). */
export async function acceptFilePart(form: FormData, rule: UploadRule): Promise<AcceptedUpload> {
  const files = form.getAll('file').filter((entry): entry is File => typeof entry !== 'string');
  if (files.length !== 1) throw validationError({ file: [taskFileMessages.fileRequired] }, taskFileMessages.fileRequired);
  const [file] = files;
  if (file.size >= rule.maxBytes) throw tooLarge(rule.sizeMessage);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = cleanFilename(file.name);
  const mimeType = await rule.detect(name, bytes);
  if (!mimeType) throw unsupportedType(rule.typeMessage);
  return { name, mimeType, bytes };
}

/** A text part, or undefined when the form has none. */
export function textPart(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}
