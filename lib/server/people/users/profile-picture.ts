import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { storedFiles, users } from '@/db/schema';
import {
  profileMessages,
  profilePictureMaxBytes,
  profilePictureTypes,
  type ProfilePictureView,
} from '@/lib/contract/profile';
import { hasAnyRole } from '@/lib/contract/roles';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import type { Ctx } from '@/lib/server/core/ctx';
import { forbidden, notFound } from '@/lib/server/core/errors';
import type { FileRule, ReadUpload, UploadedFile } from '@/lib/server/core/upload';
import { fileStorage } from '@/lib/server/integrations/storage';
import { discardUploads, storeUploads } from '@/lib/server/integrations/storage/uploads';

/** Judged by the bytes alone: the browser's canvas export has no meaningful name. */
export const pictureRule: FileRule = {
  detect: async (_name, bytes) => {
    const mime = (await fileTypeFromBuffer(bytes))?.mime;
    return profilePictureTypes.find((type) => type === mime) ?? null;
  },
  maxBytes: profilePictureMaxBytes,
  sizeMessage: profileMessages.pictureSize,
  typeMessage: profileMessages.pictureType,
};

/** A live user of the caller's tenant; another tenant's or a deleted one is simply not there. */
async function findTenantUser(ctx: Ctx, userId: number) {
  const [user] = await ctx.db
    .select({ id: users.id, profilePictureId: users.profilePictureId })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId), isNull(users.deleted)));
  if (!user) throw notFound('user.notFound', 'User not found.');
  return user;
}

/**
 * POST users/{id}/profile-picture, multipart with one part `file` (PNG, JPEG or WebP under 2 MB; 413 and 415
 * otherwise): a user sets their own picture, a users manager anyone's in the tenant. The previous picture is retired.
 */
export async function uploadProfilePicture(
  ctx: Ctx,
  userId: number,
  readUpload: ReadUpload<{ file: UploadedFile }>,
): Promise<ProfilePictureView> {
  const user = await findTenantUser(ctx, userId);
  if (user.id !== ctx.user.id && !hasAnyRole(ctx.roles, ['usersManager'])) throw forbidden();
  const { file: upload } = await readUpload();
  const [stored] = await storeUploads(ctx, [upload]);
  try {
    const pictureId = await ctx.db.transaction(async (tx) => {
      // The user row is locked before the insert: the new file's reference to its uploader takes a share lock on
      // a user row, and two uploads for one user that each held it before asking for the update lock deadlocked.
      const [previous] = await tx
        .select({ profilePictureId: users.profilePictureId })
        .from(users)
        .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId)))
        .for('update');
      const [file] = await tx
        .insert(storedFiles)
        .values({ tenantId: ctx.tenantId, uploaderId: ctx.user.id, ...stored })
        .returning({ id: storedFiles.id });
      await tx
        .update(users)
        .set({ profilePictureId: file.id, updatedAt: new Date() })
        .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId)));
      if (previous?.profilePictureId) {
        await tx
          .update(storedFiles)
          .set({ deleted: new Date() })
          .where(and(eq(storedFiles.tenantId, ctx.tenantId), eq(storedFiles.id, previous.profilePictureId)));
      }
      return file.id;
    });
    return { id: pictureId, userId };
  } catch (error) {
    await discardUploads([stored]);
    throw error;
  }
}

/** GET users/{id}/profile-picture/{pictureId}: the user's current picture, to any signed-in user of the tenant. */
export async function serveProfilePicture(ctx: Ctx, userId: number, pictureId: number): Promise<BodyAnswer> {
  const user = await findTenantUser(ctx, userId);
  if (user.profilePictureId !== pictureId) throw notFound('profile.pictureNotFound', 'Picture not found.');
  const [file] = await ctx.db
    .select({ storageKey: storedFiles.storageKey, mimeType: storedFiles.mimeType })
    .from(storedFiles)
    .where(and(eq(storedFiles.tenantId, ctx.tenantId), eq(storedFiles.id, pictureId), isNull(storedFiles.deleted)));
  if (!file) throw notFound('profile.pictureNotFound', 'Picture not found.');
  let bytes: Uint8Array;
  try {
    bytes = await fileStorage().read(file.storageKey);
  } catch {
    throw notFound('profile.pictureNotFound', 'Picture not found.');
  }
  return bodyAnswer({
    body: bytes,
    contentType: file.mimeType,
    document: { sameOriginOnly: true },
    // A new picture gets a new id, so this address's bytes never change.
    cacheControl: 'private, max-age=86400, immutable',
  });
}
