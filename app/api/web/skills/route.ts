import { referenceReaders } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { listSkills } from '@/lib/server/skills/read';

export const GET = route({ roles: referenceReaders }, ({ ctx }) => listSkills(ctx));
