import { ProfileBody } from '@/lib/contract/profile';
import { route } from '@/lib/server/http/route';
import { currentUser } from '@/lib/server/people/auth/me';
import { updateProfile } from '@/lib/server/people/users/profile';

/** Also before a first password change: the signed-in screens read who is signed in, and that they must change it. */
export const GET = route({ beforePasswordChange: true }, ({ ctx }) => currentUser(ctx));

/** The profile screen's save: name, surname, phone and preferred language of the signed-in user. */
export const PUT = route(
  {
    body: ProfileBody,
    refusals: ['profile.dialCodeUnknown', 'profile.phoneInvalid'],
  },
  ({ ctx, body }) => updateProfile(ctx, body),
);
