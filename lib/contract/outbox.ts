import { z } from 'zod';

export const outboxPageSizeMax = 500;

/** GET outbox: one page of the tenant's messages, newest first. */
export const OutboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(outboxPageSizeMax).default(50),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export interface OutboxMessageView {
  id: number;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string | null;
  created: string;
  sentAt: string | null;
  /** What the message carries besides its text: 'task-report' for a completed task's PDF report. */
  attachment: 'task-report' | null;
}

export interface OutboxPage {
  rows: OutboxMessageView[];
  total: number;
  page: number;
  size: number;
  /** Which channels have a provider configured; messages of the others wait here. */
  configured: { email: boolean; sms: boolean };
}
