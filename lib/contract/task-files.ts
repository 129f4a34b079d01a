import { z } from 'zod';
import { Id } from './ids';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';

/** Spec 01 §4: the log's action names of attachments and signatures. */
export const TaskFileLogAction = {
  uploadAttachment: 'upload_attachment',
  updateAttachment: 'update_attachment',
  updateAttachmentDescription: 'update_attachment_description',
  deleteAttachment: 'delete_attachment',
  addSignature: 'add_signature',
} as const;

export const taskFileLimits = {
  /** Spec 01 §5: images under 10MB. */
  imageBytes: 10 * 1024 * 1024,
  /** A signature drawn on a canvas is a small PNG; 1 MB leaves room for a large screen. */
  signatureBytes: 1024 * 1024,
  descriptionMax: 100,
} as const;

/** Spec 01 §5: the image types an attachment of an existing task may have, by extension. */
export const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'tif', 'tiff', 'wbmp'] as const;

/** Spec 01 §5: the images that can be previewed (WBMP is accepted but has no preview). */
const previewImageExtensions = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif', 'tiff', 'tif']);

/** The server's messages; the client shows the same texts through next-intl. */
export const taskFileMessages = {
  imageSize: 'Image must smaller than 10MB!',
  imageType: 'Only JPG, JPEG, PNG, GIF, BMP, TIF, TIFF and WBMP images are allowed.',
  signatureSize: 'The signature must be under 1MB.',
  signatureType: 'The signature must be a PNG image.',
  descriptionMax: 'The description must be at most 100 characters.',
  fileRequired: 'Choose a file to upload.',
  cancelledReadOnly: 'The attachments of a cancelled task cannot be changed.',
} as const;

export const TaskFileErrorCode = {
  tooLarge: 'file.tooLarge',
  unsupportedType: 'file.unsupportedType',
} as const satisfies Record<string, ErrorCodeName>;

export const TaskFileParams = z.object({ id: Id, fileId: Id });
export const TaskSignatureParams = z.object({ id: Id, signatureId: Id });

/** `?download=1` asks for the file as a download; without it images and PDFs open inline for the preview. */
export const ServeFileQuery = z.object({ download: z.enum(['0', '1']).optional() });

const Description = z
  .string()
  .trim()
  .max(taskFileLimits.descriptionMax, taskFileMessages.descriptionMax)
  .transform((text) => (text === '' ? null : text));

/** PUT tasks/{id}/files/{fileId}/description: an empty text clears the description. */
export const FileDescriptionBody = z.object({ description: Description.nullable() });
export type FileDescriptionBody = z.infer<typeof FileDescriptionBody>;

/** The multipart text part `description` of an upload. */
export const UploadDescription = Description.nullable().optional();

/** One attachment of a task, as GET/POST/PUT tasks/{id}/files answer it. */
export interface TaskFileView {
  id: number;
  taskId: number;
  filename: string;
  description: string | null;
  mimeType: string;
  sizeBytes: number;
  uploadedDate: string;
  uploaderId: number | null;
  uploaderName: string | null;
}

/** One signature of a task; GET tasks/{id}/signature answers them newest first. */
export interface TaskSignatureView {
  id: number;
  taskId: number;
  filename: string;
  uploadedDate: string;
  uploaderId: number | null;
  uploaderName: string | null;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function isImageName(filename: string): boolean {
  return (imageExtensions as readonly string[]).includes(extensionOf(filename));
}

export type PreviewKind = 'image' | 'pdf' | 'csv';

/** Spec 01 §5: images, PDF and CSV can be previewed; anything else cannot. */
export function previewKindOf(filename: string): PreviewKind | null {
  const extension = extensionOf(filename);
  if (previewImageExtensions.has(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'csv') return 'csv';
  return null;
}
