import 'server-only';
import type { OutboxAttachment } from '@/db/schema';
import type { Db } from '@/lib/server/core/db';

export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Renders one kind of attachment when its message is sent. Null when its subject is gone (the task was deleted
 * after it completed): the mail then goes without it rather than failing ten times over a file that will never
 * exist. Any other error is thrown, so the attempt counts and the message is tried again later.
 */
export type AttachmentRenderer = (db: Db, tenantId: number, attachment: OutboxAttachment) => Promise<RenderedAttachment | null>;

/**
 * The outbox knows attachments by kind only: the wing that owns a kind (the task report) registers its renderer
 * at start-up (lib/server/jobs), so the delivery code never reaches up into that wing.
 */
const renderers = new Map<OutboxAttachment['kind'], AttachmentRenderer>();

export function registerAttachmentRenderer(kind: OutboxAttachment['kind'], renderer: AttachmentRenderer): void {
  renderers.set(kind, renderer);
}

export async function renderAttachment(db: Db, tenantId: number, attachment: OutboxAttachment): Promise<RenderedAttachment | null> {
  const renderer = renderers.get(attachment.kind);
  // Thrown, not skipped: a process that forgot to register a kind must not send the mail without its attachment.
  if (!renderer) throw new Error(`No renderer is registered for attachments of kind ${attachment.kind}.`);
  return renderer(db, tenantId, attachment);
}
