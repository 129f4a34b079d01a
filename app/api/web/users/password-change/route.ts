import { PasswordChangeBody } from '@/lib/contract/profile';
import { route } from '@/lib/server/http/route';
import { changePassword } from '@/lib/server/people/users/password-change';

export const PUT = route({ body: PasswordChangeBody, beforePasswordChange: true }, ({ ctx, body, request }) => changePassword(ctx, body, request.headers));
