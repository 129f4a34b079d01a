import { IdParams } from '@/lib/contract/ids';
import { NotificationBody } from '@/lib/contract/notifications';
import { settingsEditors } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { getNotification } from '@/lib/server/messaging/rules/read';
import { deleteNotification, updateNotification } from '@/lib/server/messaging/rules/write';

export const GET = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['notification.notFound'],
  },
  ({ ctx, params }) => getNotification(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    params: IdParams,
    body: NotificationBody,
    refusals: [
      'notification.duplicate',
      'notification.hoursRange',
      'notification.hoursRequired',
      'notification.notFound',
      'notification.statusInvalid',
      'notification.statusRequired',
      'notification.subjectRequired',
      'notification.trackingNeedsFeature',
      'notification.typeFixed',
    ],
  },
  ({ ctx, params, body }) =>
    updateNotification(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['notification.notFound'],
  },
  ({ ctx, params }) => deleteNotification(ctx, params.id),
);
