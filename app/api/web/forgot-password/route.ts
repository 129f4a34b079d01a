import { ForgotPasswordBody, ResetPasswordBody, ResetTokenQuery } from '@/lib/contract/password-reset';
import { publicRoute } from '@/lib/server/http/route';
import { requestPasswordReset, takeResetRequestAddressAttempt } from '@/lib/server/people/password-reset/request';
import { lookUpResetToken, resetPassword, takeResetAddressAttempt } from '@/lib/server/people/password-reset/reset';

export const POST = publicRoute(
  {
    body: ForgotPasswordBody,
    beforeBody: takeResetRequestAddressAttempt,
    refusals: ['passwordReset.unknownUsername', 'request.rateLimited'],
  },
  ({ body }) =>
    requestPasswordReset(body),
);

export const GET = publicRoute(
  {
    query: ResetTokenQuery,
    refusals: ['passwordReset.linkInvalid'],
  },
  ({ query }) => lookUpResetToken(query),
);

export const PUT = publicRoute(
  {
    body: ResetPasswordBody,
    beforeBody: takeResetAddressAttempt,
    refusals: ['password.length', 'passwordReset.linkInvalid', 'request.rateLimited'],
  },
  ({ body }) =>
    resetPassword(body),
);
