import 'server-only';
import type { DbOrTx } from '@/lib/server/core/db';
import { createTaskLink, type TaskLinkPurpose } from '@/lib/server/messaging/links/tokens';

export type LinkPurpose = TaskLinkPurpose;

/** Makes a public link to a task for a message; tests may pass their own. */
export type LinkMaker = (db: DbOrTx, link: { tenantId: number; taskId: number; purpose: LinkPurpose }) => Promise<string>;

/** The public pages' own links: a random token in the URL, only its hash stored (lib/server/messaging/links). */
export const storedTokenLink: LinkMaker = (db, link) => createTaskLink(db, link);
