import { signOut } from '@/lib/server/people/auth/sign-in';
import { publicRoute } from '@/lib/server/http/route';

export const POST = publicRoute({}, ({ request }) => signOut(request.headers));
