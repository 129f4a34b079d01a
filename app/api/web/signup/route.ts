import { SignupBody } from '@/lib/contract/auth';
import { publicRoute } from '@/lib/server/http/route';
import { signUp, takeSignupAddressAttempt } from '@/lib/server/people/tenants/signup';

export const POST = publicRoute(
  {
    body: SignupBody,
    beforeBody: takeSignupAddressAttempt,
    refusals: ['password.length', 'request.rateLimited', 'signup.emailTaken'],
  },
  ({ request, clientAddress, body, requestId }) =>
    signUp({ headers: request.headers, clientAddress }, body, requestId),
);
