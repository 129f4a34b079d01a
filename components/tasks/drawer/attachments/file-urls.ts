import { apiBase } from '@/lib/client/api';
import { isImageName, taskFileLimits } from '@/lib/contract/task-files';

/** Where the browser reads an attachment: inline for the preview, or as a download. */
export function taskFileUrl(taskId: number, fileId: number, download = false): string {
  return `${apiBase}tasks/${taskId}/files/${fileId}${download ? '?download=1' : ''}`;
}

export function signatureUrl(taskId: number, signatureId: number): string {
  return `${apiBase}tasks/${taskId}/signature/${signatureId}`;
}

export type ImageProblem = 'imageType' | 'imageSize';

/** Spec 01 §5, checked before sending: an image by extension, under 10MB. The server checks the bytes again. */
export function imageProblem(file: { name: string; size: number }): ImageProblem | null {
  if (!isImageName(file.name)) return 'imageType';
  return file.size >= taskFileLimits.imageBytes ? 'imageSize' : null;
}
