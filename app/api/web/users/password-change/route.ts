import { PasswordChangeBody } from '@/lib/contract/profile';
import { route } from '@/lib/server/http/route';
import { changePassword } from '@/lib/server/people/users/password-change';

export const PUT = route(
  {
    body: PasswordChangeBody,
    beforePasswordChange: true,
    refusals: ['password.length', 'password.mismatch', 'password.wrongCurrent', 'request.rateLimited'],
  },
  ({ ctx, body, request }) => changePassword(ctx, body, request.headers),
);
