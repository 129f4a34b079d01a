import { route } from '@/lib/server/http/route';
import { trackingItems } from '@/lib/server/people/tracking/items';

/** The live map's workers with their last position: a dispatcher's call, as the tracking menu is. */
export const GET = route({ roles: ['tasksManager'] }, ({ ctx }) => trackingItems(ctx));
