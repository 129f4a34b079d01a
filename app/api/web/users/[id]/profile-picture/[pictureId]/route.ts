import { z } from 'zod';
import { Id } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { serveProfilePicture } from '@/lib/server/people/users/profile-picture';

const PictureParams = z.object({ id: Id, pictureId: Id });

export const GET = route(
  {
    params: PictureParams,
    refusals: ['profile.pictureNotFound', 'user.notFound'],
  },
  ({ ctx, params }) =>
    serveProfilePicture(ctx, params.id, params.pictureId),
);
