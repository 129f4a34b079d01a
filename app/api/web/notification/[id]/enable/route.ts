import { IdParams } from '@/lib/contract/ids';
import { settingsEditors } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { setNotificationEnabled } from '@/lib/server/messaging/rules/write';

export const PATCH = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['notification.notFound'],
  },
  ({ ctx, params }) => setNotificationEnabled(ctx, params.id, true),
);
