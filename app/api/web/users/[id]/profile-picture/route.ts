import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { uploadProfilePicture } from '@/lib/server/users/profile-picture';

export const POST = route({ params: IdParams }, ({ ctx, params, request }) =>
  uploadProfilePicture(ctx, params.id, request),
);
