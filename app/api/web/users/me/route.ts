import { route } from '@/lib/server/http/route';
import { currentUser } from '@/lib/server/users/me';

export const GET = route({}, ({ ctx }) => currentUser(ctx));
