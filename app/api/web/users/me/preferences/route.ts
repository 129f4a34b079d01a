import { PreferencesBody } from '@/lib/contract/auth';
import { route } from '@/lib/server/http/route';
import { updatePreferences } from '@/lib/server/people/auth/me';

export const PATCH = route(
  {
    body: PreferencesBody,
    refusals: ['profile.nothingToChange'],
  },
  ({ ctx, body }) => updatePreferences(ctx, body),
);
