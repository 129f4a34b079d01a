'use client';

import { useTranslations } from 'next-intl';
import type { MessagePlaceholder, MessageType, NotificationRecipient, NotificationType } from '@/lib/contract/notifications';

/** The words of the notification screen for the contract's values. */
export function useNotificationLabels() {
  const t = useTranslations('notifications');
  return {
    type: (value: NotificationType) => t(`types.${value}`),
    recipient: (value: NotificationRecipient) => t(`recipients.${value}`),
    messageType: (value: MessageType) => t(`messageTypes.${value}`),
    placeholder: (value: MessagePlaceholder) => t(`placeholderInfo.${value}`),
  };
}
