import { referenceReaders } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { listTenantFeatures } from '@/lib/server/reference/data/tenant-features';

export const GET = route({ roles: referenceReaders }, ({ ctx }) => listTenantFeatures(ctx));
