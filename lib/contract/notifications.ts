import { z } from 'zod';
import type { ErrorCodeName } from './error-catalogue';
import type { ProblemParams } from './errors';
import { rule } from './problems';
import { requiredEnum } from './reference-data';
import { taskStatusCatalogue } from './statuses';

export const notificationTypes = ['BEFORE_APPOINTMENT', 'ON_TASK_STATUS_CHANGE', 'ON_TASK_UPDATE', 'ON_TASK_DELAY'] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationRecipients = ['CLIENT', 'WORKER'] as const;
export type NotificationRecipient = (typeof notificationRecipients)[number];

export const messageTypes = ['EMAIL', 'SMS'] as const;
export type MessageType = (typeof messageTypes)[number];

/** Spec 03 §9: hours 1 to 24, an e-mail subject of at most 25 characters. The message bound is ours. */
export const notificationLimits = { minHours: 1, maxHours: 24, subjectMax: 25, messageMax: 1000 } as const;

/** The placeholders a message may hold, as `{name}`; tracking_url only with feature 7 (spec 03 §3). */
export const messagePlaceholders = [
  'name',
  'surname',
  'appointment',
  'task_location',
  'feedback_url',
  'contact_number',
  'task_id',
  'task_type',
  'tracking_url',
] as const;
export type MessagePlaceholder = (typeof messagePlaceholders)[number];

export const trackingPlaceholder: MessagePlaceholder = 'tracking_url';

/** These name a person, so they are stored prefixed client_ or worker_ after the recipient (spec 03 §3). */
export const personPlaceholders: readonly MessagePlaceholder[] = ['name', 'surname', 'contact_number'];

export const notificationMessages = {
  typeRequired: 'Type is required',
  typeInvalid: 'Type is invalid',
  hoursRequired: 'Number of hours is required',
  hoursRange: `Number of hours must be a whole number between ${notificationLimits.minHours} and ${notificationLimits.maxHours}`,
  statusRequired: 'Status is required',
  statusInvalid: 'Status is invalid',
  recipientRequired: 'Recipient is required',
  recipientInvalid: 'Recipient is invalid',
  messageTypeRequired: 'Message type is required',
  messageTypeInvalid: 'Message type is invalid',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${notificationLimits.subjectMax} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${notificationLimits.messageMax} characters`,
  trackingNeedsFeature: 'The {tracking_url} placeholder needs the tracking link feature',
  typeFixed: 'The type of a notification cannot be changed',
  conflict: 'A notification with the same type, timing, recipient and message type already exists.',
} as const;

/** Each unknown placeholder is named in its own message (code notification.unknownPlaceholder, param token). */
export const unknownPlaceholderMessage = (token: string) => `Unknown placeholder {${token}}`;

const placeholderPattern = /\{([^{}]*)\}/g;
const recipientPrefix = (recipient: NotificationRecipient) => (recipient === 'CLIENT' ? 'client_' : 'worker_');

/** The placeholder a token means, prefixed or not (`client_name` and `name` both mean name); null when unknown. */
export function placeholderOf(token: string): MessagePlaceholder | null {
  const bare = token.replace(/^(client|worker)_/, '');
  const known = messagePlaceholders.find((name) => name === bare);
  if (!known) return null;
  // Only the person placeholders take a prefix: `client_task_id` is not a placeholder.
  if (bare !== token && !personPlaceholders.includes(known)) return null;
  return known;
}

/** The token a placeholder is stored as for this recipient: `{client_name}`, `{task_id}`. */
export function storedToken(placeholder: MessagePlaceholder, recipient: NotificationRecipient): string {
  return personPlaceholders.includes(placeholder) ? `${recipientPrefix(recipient)}${placeholder}` : placeholder;
}

/** The tokens in braces that are no placeholder, each once, in order. */
export function unknownPlaceholders(message: string): string[] {
  const unknown = [...message.matchAll(placeholderPattern)].map((match) => match[1]).filter((token) => !placeholderOf(token));
  return [...new Set(unknown)];
}

export function usesPlaceholder(message: string, placeholder: MessagePlaceholder): boolean {
  return [...message.matchAll(placeholderPattern)].some((match) => placeholderOf(match[1]) === placeholder);
}

/** Every person placeholder takes the recipient's prefix, whichever it had; a new recipient moves them all. */
export function prefixPlaceholders(message: string, recipient: NotificationRecipient): string {
  return message.replace(placeholderPattern, (whole, token: string) => {
    const placeholder = placeholderOf(token);
    return placeholder ? `{${storedToken(placeholder, recipient)}}` : whole;
  });
}

/** The message with every placeholder unprefixed (`{client_name}` → `{name}`), as the editor holds it. */
export function barePlaceholders(message: string): string {
  return message.replace(placeholderPattern, (whole, token: string) => {
    const placeholder = placeholderOf(token);
    return placeholder ? `{${placeholder}}` : whole;
  });
}

export type MessageSegment = { kind: 'text'; text: string } | { kind: 'placeholder'; placeholder: MessagePlaceholder; token: string };

/** A message cut into text and placeholders, for showing the placeholders as tags. */
export function messageSegments(message: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let last = 0;
  for (const match of message.matchAll(placeholderPattern)) {
    const placeholder = placeholderOf(match[1]);
    if (!placeholder) continue;
    if (match.index > last) segments.push({ kind: 'text', text: message.slice(last, match.index) });
    segments.push({ kind: 'placeholder', placeholder, token: match[1] });
    last = match.index + match[0].length;
  }
  if (last < message.length) segments.push({ kind: 'text', text: message.slice(last) });
  return segments;
}

/** The editor blocks Enter; a pasted or API-sent line break becomes a space, so a message is one line. */
const singleLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

const statusIds: readonly number[] = taskStatusCatalogue.map((status) => status.id);
const hoursAreValid = (hours: number) =>
  Number.isInteger(hours) && hours >= notificationLimits.minHours && hours <= notificationLimits.maxHours;

/**
 * POST and PUT notification. Hours belong to BEFORE_APPOINTMENT and the status to ON_TASK_STATUS_CHANGE, the
 * subject to EMAIL: each is required there and stored null elsewhere. Person placeholders come out prefixed after
 * the recipient. Whether tracking_url is allowed depends on the tenant's feature 7, which the server checks.
 */
export const NotificationBody = z
  .object({
    type: requiredEnum(notificationTypes, notificationMessages.typeRequired, notificationMessages.typeInvalid),
    numberOfHours: z.number({ error: notificationMessages.hoursRange }).nullish(),
    statusId: z.number({ error: notificationMessages.statusInvalid }).nullish(),
    recipient: requiredEnum(notificationRecipients, notificationMessages.recipientRequired, notificationMessages.recipientInvalid),
    messageType: requiredEnum(messageTypes, notificationMessages.messageTypeRequired, notificationMessages.messageTypeInvalid),
    subject: z.string({ error: notificationMessages.subjectRequired }).nullish(),
    message: z
      .string({ error: notificationMessages.messageRequired })
      .trim()
      .min(1, notificationMessages.messageRequired)
      .max(notificationLimits.messageMax, notificationMessages.messageTooLong),
  })
  .superRefine(
    (body, issues) => {
      // Runs even when other fields failed (`when` below: any object), so a form shows every message at once;
      // the fields read here may therefore hold anything.
      const issue = (path: string, code: ErrorCodeName, message: string, params?: ProblemParams) =>
        issues.addIssue({ code: 'custom', path: [path], ...rule(code, message, params) });
      const hoursRange = { min: notificationLimits.minHours, max: notificationLimits.maxHours };
      if (body.type === 'BEFORE_APPOINTMENT') {
        if (body.numberOfHours === undefined || body.numberOfHours === null) {
          issue('numberOfHours', 'notification.hoursRequired', notificationMessages.hoursRequired);
        }
        // A value that is no number at all has its message from the field's own schema already.
        else if (typeof body.numberOfHours === 'number' && !hoursAreValid(body.numberOfHours)) {
          issue('numberOfHours', 'notification.hoursRange', notificationMessages.hoursRange, hoursRange);
        }
      }
      if (body.type === 'ON_TASK_STATUS_CHANGE') {
        if (body.statusId === undefined || body.statusId === null) issue('statusId', 'notification.statusRequired', notificationMessages.statusRequired);
        else if (typeof body.statusId === 'number' && !statusIds.includes(body.statusId)) {
          issue('statusId', 'notification.statusInvalid', notificationMessages.statusInvalid);
        }
      }
      if (body.messageType === 'EMAIL') {
        const subject = typeof body.subject === 'string' ? body.subject.trim() : '';
        if (subject === '') issue('subject', 'notification.subjectRequired', notificationMessages.subjectRequired);
        else if (subject.length > notificationLimits.subjectMax) {
          issue('subject', 'notification.subjectTooLong', notificationMessages.subjectTooLong, { max: notificationLimits.subjectMax });
        }
      }
      if (typeof body.message === 'string') {
        for (const token of unknownPlaceholders(body.message)) {
          issue('message', 'notification.unknownPlaceholder', unknownPlaceholderMessage(token), { token });
        }
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((body) => ({
    type: body.type,
    numberOfHours: body.type === 'BEFORE_APPOINTMENT' ? (body.numberOfHours ?? null) : null,
    statusId: body.type === 'ON_TASK_STATUS_CHANGE' ? (body.statusId ?? null) : null,
    recipient: body.recipient,
    messageType: body.messageType,
    subject: body.messageType === 'EMAIL' ? (body.subject?.trim() ?? null) : null,
    message: prefixPlaceholders(singleLine(body.message), body.recipient),
  }));
export type NotificationBody = z.infer<typeof NotificationBody>;

export interface NotificationView {
  id: number;
  type: NotificationType;
  numberOfHours: number | null;
  statusId: number | null;
  recipient: NotificationRecipient;
  /** The spec names the recipient twice (recipient and notificationRecipient); both carry the same value. */
  notificationRecipient: NotificationRecipient;
  messageType: MessageType;
  subject: string | null;
  message: string;
  isDisabled: boolean;
  deleted: Date | null;
}
