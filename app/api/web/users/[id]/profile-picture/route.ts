import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { pictureRule, uploadProfilePicture } from '@/lib/server/people/users/profile-picture';

export const POST = route(
  {
    refusals: ['user.notFound'],
    params: IdParams,
    upload: { parts: [{ name: 'file', kind: 'file', required: true, accept: pictureRule, description: 'A PNG, JPEG or WebP image under 2 MB.' }] },
  },
  ({ ctx, params, upload }) => uploadProfilePicture(ctx, params.id, upload),
);
