import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { taskNotes, users } from '@/db/schema';
import type { NoteCreated, NoteDeleted, NoteEdited, NoteView } from '@/lib/contract/task-notes';
import { noteMessages } from '@/lib/contract/task-notes';
import { TaskLogAction } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { getTask } from '@/lib/server/tasks/read';
import { userFullName } from '@/lib/server/people/users/read';
import { readableTask, writableTask } from './access';

/**
 * `date` keeps microseconds while `updated` is rounded to milliseconds, so a note never edited can read up to half a
 * millisecond apart; an edit comes with a later request.
 */
const edited = sql<boolean>`${taskNotes.updated} - ${taskNotes.date} > interval '1 millisecond'`;

const noteColumns = {
  id: taskNotes.id,
  note: taskNotes.note,
  authorId: taskNotes.authorId,
  authorName: userFullName,
  date: taskNotes.date,
  updated: taskNotes.updated,
  edited,
};

type NoteRow = {
  id: number;
  note: string;
  authorId: number | null;
  authorName: string | null;
  date: Date;
  updated: Date;
  edited: boolean;
};

const toView = (row: NoteRow): NoteView => ({
  ...row,
  date: row.date.toISOString(),
  updated: row.updated.toISOString(),
});

/**
 * The task's live notes (with their authors) newest first, or the one asked for: the Notes tab and the PDF report
 * read the same rows.
 */
export async function noteRows(db: DbOrTx, ctx: Pick<Ctx, 'tenantId'>, taskId: number, noteId?: number): Promise<NoteRow[]> {
  return db
    .select(noteColumns)
    .from(taskNotes)
    .leftJoin(users, and(eq(users.tenantId, taskNotes.tenantId), eq(users.id, taskNotes.authorId)))
    .where(
      and(
        eq(taskNotes.tenantId, ctx.tenantId),
        eq(taskNotes.taskId, taskId),
        isNull(taskNotes.deleted),
        noteId === undefined ? undefined : eq(taskNotes.id, noteId),
      ),
    )
    .orderBy(desc(taskNotes.date), desc(taskNotes.id));
}

async function selectNotes(db: DbOrTx, ctx: Ctx, taskId: number, noteId?: number): Promise<NoteView[]> {
  return (await noteRows(db, ctx, taskId, noteId)).map(toView);
}

/** A live note of this task; a note of another task or tenant, or a deleted one, answers 404. */
async function liveNote(db: DbOrTx, ctx: Ctx, taskId: number, noteId: number): Promise<NoteView> {
  const [note] = await selectNotes(db, ctx, taskId, noteId);
  if (!note) throw notFound('note.notFound', noteMessages.notFound);
  return note;
}

/** GET tasks/{id}/notes: newest first. */
export async function listNotes(ctx: Ctx, taskId: number): Promise<NoteView[]> {
  await readableTask(ctx.db, ctx, taskId);
  return selectNotes(ctx.db, ctx, taskId);
}

/** POST tasks/{id}/notes: the note, its add_note entry and the task's new view, in one transaction. */
export async function addNote(ctx: Ctx, taskId: number, text: string): Promise<NoteCreated> {
  return ctx.db.transaction(async (tx) => {
    await writableTask(tx, ctx, taskId);
    const [inserted] = await tx
      .insert(taskNotes)
      .values({ tenantId: ctx.tenantId, taskId, note: text, authorId: ctx.user.id })
      .returning({ id: taskNotes.id });
    const changes = taskChangeSet(tx, ctx);
    changes.log(taskId, TaskLogAction.addNote, null, text);
    changes.touch(taskId);
    const note = await liveNote(tx, ctx, taskId, inserted.id);
    return { ...note, task: await changes.flushView(taskId) };
  });
}

/**
 * PUT tasks/{id}/notes/{noteId}: a tasks manager may edit anyone's note (the office corrects what a worker typed);
 * the update_note entry keeps the old and the new text. The same text again changes nothing and writes no entry.
 */
export async function editNote(ctx: Ctx, taskId: number, noteId: number, text: string): Promise<NoteEdited> {
  return ctx.db.transaction(async (tx) => {
    await writableTask(tx, ctx, taskId);
    const before = await liveNote(tx, ctx, taskId, noteId);
    if (before.note === text) {
      return { id: noteId, note: text, task: await getTask(ctx, taskId, tx) };
    }
    await tx
      .update(taskNotes)
      .set({ note: text, updated: sql`clock_timestamp()` })
      .where(and(eq(taskNotes.tenantId, ctx.tenantId), eq(taskNotes.id, noteId)));
    const changes = taskChangeSet(tx, ctx);
    changes.log(taskId, TaskLogAction.updateNote, before.note, text);
    changes.touch(taskId);
    return { id: noteId, note: text, task: await changes.flushView(taskId) };
  });
}

/** DELETE tasks/{id}/notes/{noteId}: marks the note deleted; the delete_note entry keeps its text. */
export async function deleteNote(ctx: Ctx, taskId: number, noteId: number): Promise<NoteDeleted> {
  return ctx.db.transaction(async (tx) => {
    await writableTask(tx, ctx, taskId);
    const before = await liveNote(tx, ctx, taskId, noteId);
    await tx
      .update(taskNotes)
      .set({ deleted: sql`clock_timestamp()` })
      .where(and(eq(taskNotes.tenantId, ctx.tenantId), eq(taskNotes.id, noteId)));
    const changes = taskChangeSet(tx, ctx);
    changes.log(taskId, TaskLogAction.deleteNote, before.note, null);
    changes.touch(taskId);
    return { id: noteId, task: await changes.flushView(taskId) };
  });
}
