import { z } from 'zod';
import { rule } from './problems';
import { zonedInstant } from './zoned-time';

/** Spec 03 §8: the texts the public pages show; the API answers them as the error message too. */
export const publicLinkMessages = {
  feedbackFailed: 'Operation failed. Please, try again later.',
  trackingFailed: 'Operation failed. Task is completed or does not exist.',
} as const;

/** Spec 03 §9. */
export const defaultRating = 2.5;
export const trackingRefreshMs = 30_000;
export const trackingBoundsDegrees = 0.0007;

const token = z.string().trim().min(1).max(200);

/** PUT tasks/feedback: a rating from 0.5 to 5 in half steps, and an optional comment of at most 1000 characters. */
export const feedbackBody = z.object({
  token,
  rating: z
    .number()
    .min(0.5)
    .max(5)
    .refine((value) => Number.isInteger(value * 2), rule('publicLink.ratingStep', 'The rating goes in half steps.')),
  feedbackComment: z.string().max(1000).optional().nullable(),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackQuery = z.object({ token });

/**
 * GET tasks/feedback: whether the link was already answered and, if so, what was given through it, so a reopened
 * link thanks the client instead of failing. Nothing else of the task: the holder of the link wrote both values.
 */
export type FeedbackLinkView =
  | { given: false; rating: null; feedbackComment: null }
  | { given: true; rating: number; feedbackComment: string | null };

export const trackingQuery = z.object({ token });

/**
 * GET tasks/tracking. The worker appears only while the task is in progress: then workerFirstName is their first
 * name, and latLng is their position when they have sent one since the task started and are working on no other
 * task. In every other case latLng is the task's own location (null when it has no coordinates), and nothing about
 * the worker is sent. latLngSource says which of the two latLng is, so the page can label its marker.
 */
export interface TrackingView {
  taskTitle: string;
  latLng: { lat: number; lng: number } | null;
  latLngSource: TrackingMarker | null;
  appointmentDate: string | null;
  durationMins: number;
  workerFirstName: string | null;
}
export type TrackingMarker = 'worker' | 'task';

/** The server's refusal of a preferred time that has already gone by on the company's clock. */
export const preferredTimePastMessage = 'Choose a date and time that has not passed yet.';

/**
 * Whether a picker value ('YYYY-MM-DD' 'T' 'HH:mm') is already past on a clock in the company's zone: the client
 * reads the time as the company does, since the office is who books it. The browser and the server ask the same.
 */
export function preferredTimeIsPast(preferredTime: string, companyTimeZone: string, now = new Date()): boolean {
  const [date, time] = preferredTime.split('T');
  return zonedInstant(date, time, companyTimeZone).getTime() <= now.getTime();
}

/** A day and time that exist on the calendar: 2027-02-31T10:00 matches the pattern but is no date. */
function isCalendarDateTime(value: string): boolean {
  const instant = new Date(`${value}:00Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 16) === value;
}

/** "Request another time" on the tracking page: a preferred local date and time as the picker gives it, and a note. */
export const rescheduleBody = z.object({
  token,
  preferredTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Choose a date and time.')
    .refine(isCalendarDateTime, rule('publicLink.preferredTimeInvalid', 'Choose a date and time.')),
  message: z.string().max(1000).optional().nullable(),
});
export type RescheduleBody = z.infer<typeof rescheduleBody>;
