'use client';

import { useTranslations } from 'next-intl';
import { localizeContractMessage } from '@/components/record-drawer/use-drawer-record';
import {
  notificationLimits,
  notificationMessages,
  unknownPlaceholderPattern,
  type MessagePlaceholder,
  type MessageType,
  type NotificationRecipient,
  type NotificationType,
} from '@/lib/contract/notifications';

/** The words of the notification screen for the contract's values and its (English) validation messages. */
export function useNotificationLabels() {
  const t = useTranslations('notifications');
  const known: Record<string, string> = {
    [notificationMessages.typeRequired]: t('messages.typeRequired'),
    [notificationMessages.typeInvalid]: t('messages.typeInvalid'),
    [notificationMessages.hoursRequired]: t('messages.hoursRequired'),
    [notificationMessages.hoursRange]: t('messages.hoursRange', { min: notificationLimits.minHours, max: notificationLimits.maxHours }),
    [notificationMessages.statusRequired]: t('messages.statusRequired'),
    [notificationMessages.statusInvalid]: t('messages.statusInvalid'),
    [notificationMessages.recipientRequired]: t('messages.recipientRequired'),
    [notificationMessages.recipientInvalid]: t('messages.recipientInvalid'),
    [notificationMessages.messageTypeRequired]: t('messages.messageTypeRequired'),
    [notificationMessages.messageTypeInvalid]: t('messages.messageTypeInvalid'),
    [notificationMessages.subjectRequired]: t('messages.subjectRequired'),
    [notificationMessages.subjectTooLong]: t('messages.tooLong', { max: notificationLimits.subjectMax }),
    [notificationMessages.messageRequired]: t('messages.messageRequired'),
    [notificationMessages.messageTooLong]: t('messages.tooLong', { max: notificationLimits.messageMax }),
    [notificationMessages.trackingNeedsFeature]: t('messages.trackingNeedsFeature'),
    [notificationMessages.typeFixed]: t('typeFixed'),
  };
  return {
    type: (value: NotificationType) => t(`types.${value}`),
    recipient: (value: NotificationRecipient) => t(`recipients.${value}`),
    messageType: (value: MessageType) => t(`messageTypes.${value}`),
    placeholder: (value: MessagePlaceholder) => t(`placeholderInfo.${value}`),
    message: (message: string | undefined) => {
      const unknown = message === undefined ? null : unknownPlaceholderPattern.exec(message);
      if (unknown) return t('messages.unknownPlaceholder', { token: unknown[1] });
      return localizeContractMessage(message, known, (max) => t('messages.tooLong', { max }));
    },
  };
}
