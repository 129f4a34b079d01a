import 'server-only';
import { registerAttachmentRenderer } from '@/lib/server/messaging/outbox/attachments';
import { startOutboxInServer, startOutboxRunner, type OutboxRunner } from '@/lib/server/messaging/outbox/runner';
import { renderTaskReportAttachment } from '@/lib/server/tasks/report/mail-attachment';

/**
 * The background work's composition root: the one place that knows both the outbox and the wings whose messages
 * carry attachments, so that neither reaches into the other.
 */
export function registerJobHandlers(): void {
  registerAttachmentRenderer('task-report', renderTaskReportAttachment);
}

/** The jobs inside the web server (instrumentation.ts), unless OUTBOX_WORKER=off. */
export async function startJobsInServer(): Promise<void> {
  registerJobHandlers();
  await startOutboxInServer();
}

/** The jobs as a process of their own (npm run worker). */
export async function startJobRunner(): Promise<OutboxRunner> {
  registerJobHandlers();
  return startOutboxRunner();
}
