import { referenceReaders } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { listCancellationReasons } from '@/lib/server/reference-data/cancellation-reasons';

export const GET = route({ roles: referenceReaders }, ({ ctx }) => listCancellationReasons(ctx));
