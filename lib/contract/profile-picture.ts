/**
 * The profile picture's limits and address, apart from the profile bodies: the shell's avatar needs only these, not
 * the time zone and country data the bodies validate against.
 */

/** The browser crops to this square before uploading (spec 03 §9). */
export const profilePictureSide = 300;
/** A 300×300 picture is far smaller; the limit only keeps stray large files out. */
export const profilePictureMaxBytes = 2 * 1024 * 1024;
export const profilePictureTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** POST users/{id}/profile-picture answers the stored picture's id and whose it is. */
export interface ProfilePictureView {
  id: number;
  userId: number;
}

export function profilePicturePath(userId: number, pictureId: number): string {
  return `/api/web/users/${userId}/profile-picture/${pictureId}`;
}
