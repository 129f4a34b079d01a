import { SignupBody } from '@/lib/contract/auth';
import { publicRoute } from '@/lib/server/http/route';
import { signUp } from '@/lib/server/tenants/signup';

export const POST = publicRoute({ body: SignupBody }, ({ request, body, requestId }) =>
  signUp(request, body, requestId),
);
