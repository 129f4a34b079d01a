import { z } from 'zod';

/** GET tasks/{id}/report: `download=1` answers the PDF as an attachment instead of inline. */
export const TaskReportQuery = z.object({
  download: z.enum(['0', '1']).optional(),
});
export type TaskReportQuery = z.infer<typeof TaskReportQuery>;

/** The report's address, for the preview frame and the download link. */
export const taskReportPath = (taskId: number, download = false) =>
  `/api/web/tasks/${taskId}/report${download ? '?download=1' : ''}`;
