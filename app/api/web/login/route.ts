import { LoginBody } from '@/lib/contract/auth';
import { signIn, takeLoginAddressAttempt } from '@/lib/server/people/auth/sign-in';
import { publicRoute } from '@/lib/server/http/route';

export const POST = publicRoute(
  {
    body: LoginBody,
    beforeBody: takeLoginAddressAttempt,
    refusals: ['auth.invalidCredentials', 'request.rateLimited'],
  },
  ({ request, clientAddress, body, requestId }) =>
    signIn({ headers: request.headers, clientAddress }, body, requestId),
);
