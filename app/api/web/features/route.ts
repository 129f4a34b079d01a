import { route } from '@/lib/server/http/route';
import { listFeatures } from '@/lib/server/people/tenants/features';

/** The catalogue is no secret: the shell of every signed-in user reads it (spec 03 §7). */
export const GET = route({}, ({ ctx }) => listFeatures(ctx));
