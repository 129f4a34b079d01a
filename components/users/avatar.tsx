import { initialsOf } from '@/lib/contract/person-name';
import { profilePicturePath } from '@/lib/contract/profile-picture';

/**
 * A user's round picture, or their initials on the brand colour when they have none. The picture's address carries
 * its id, so a new picture is a new address and never a stale cached image.
 */
export function Avatar({
  userId,
  pictureId,
  name,
  surname,
  size = 36,
}: {
  userId: number;
  pictureId: number | null;
  name: string;
  surname: string;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)) };
  if (pictureId) {
    return (
      // A same-origin, cookie-authenticated image: next/image's optimiser would fetch it without the session.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={profilePicturePath(userId, pictureId)}
        alt={`${name} ${surname}`}
        style={style}
        className="shrink-0 rounded-full bg-slate-200 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white select-none"
    >
      {initialsOf(name, surname)}
    </span>
  );
}
