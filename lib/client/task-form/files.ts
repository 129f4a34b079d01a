import { taskLimits } from '@/lib/contract/tasks';

export type FileProblem = 'fileType' | 'fileSize';

const allowedExtensions = ['pdf', 'csv'];
const allowedMimeTypes = ['application/pdf', 'text/csv', 'application/vnd.ms-excel', ''];

const isAllowed = (file: { name: string; type: string }) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return allowedExtensions.includes(extension) && allowedMimeTypes.includes(file.type);
};

/**
 * Spec 01 §5, new tasks only: PDF and CSV only ('Only PDF and CSV files are allowed.'), all files together under
 * 10 MB ('Total file size must be under 10MB.').
 */
export function filesProblem(files: readonly { name: string; type: string; size: number }[]): FileProblem | null {
  if (files.some((file) => !isAllowed(file))) return 'fileType';
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total >= taskLimits.uploadTotalBytes ? 'fileSize' : null;
}
