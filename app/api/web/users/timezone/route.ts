import { TimezoneBody } from '@/lib/contract/profile';
import { route } from '@/lib/server/http/route';
import { getTimezone, setTimezone } from '@/lib/server/people/users/profile';

export const GET = route({}, ({ ctx }) => getTimezone(ctx));

export const PUT = route(
  {
    body: TimezoneBody,
    refusals: ['profile.timezoneUnknown'],
  },
  ({ ctx, body }) => setTimezone(ctx, body),
);
