import { NotificationBody } from '@/lib/contract/notifications';
import { settingsEditors } from '@/lib/contract/reference-data';
import { route } from '@/lib/server/http/route';
import { listNotifications } from '@/lib/server/messaging/rules/read';
import { createNotification } from '@/lib/server/messaging/rules/write';

export const GET = route(
  {
    roles: settingsEditors,
  },
  ({ ctx }) => listNotifications(ctx),
);

export const POST = route(
  {
    roles: settingsEditors,
    body: NotificationBody,
    refusals: [
      'notification.duplicate',
      'notification.hoursRange',
      'notification.hoursRequired',
      'notification.statusInvalid',
      'notification.statusRequired',
      'notification.subjectRequired',
      'notification.subjectTooLong',
      'notification.trackingNeedsFeature',
      'notification.unknownPlaceholder',
    ],
  },
  ({ ctx, body }) => createNotification(ctx, body),
);
