'use client';

import { useState } from 'react';
import { initialsOf } from '@/lib/contract/person-name';

/** The worker's picture, or their initials when there is none or it cannot be read. */
export function WorkerAvatar({
  userId,
  name,
  surname,
  profilePictureId,
}: {
  userId: number;
  name: string;
  surname: string;
  profilePictureId: number | null;
}) {
  const [broken, setBroken] = useState(false);
  const initials = initialsOf(name, surname);
  if (profilePictureId !== null && !broken) {
    return (
      // The picture comes through an authorised call, not a static asset, so next/image has nothing to optimise.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={`/api/web/users/${userId}/profile-picture/${profilePictureId}`}
        alt=""
        className="size-8 rounded-full object-cover"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span aria-hidden className="inline-flex size-8 items-center justify-center rounded-full bg-brand/15 text-xs font-semibold text-brand">
      {initials}
    </span>
  );
}
