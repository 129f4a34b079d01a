import 'server-only';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import { env } from '@/lib/server/core/env';
import { notFound } from '@/lib/server/core/errors';
import { publicLinkMessages } from '@/lib/contract/public-links';
import { trackedTask } from './public';

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded, the continuation starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function appointmentEvent(input: {
  taskId: number;
  title: string;
  start: Date;
  durationMins: number;
  location: string | null;
  now?: Date;
}): string {
  const host = new URL(env.appUrl).hostname || 'localhost';
  const end = new Date(input.start.getTime() + input.durationMins * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FieldOps//Tracking link//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:task-${input.taskId}@${host}`,
    `DTSTAMP:${utc(input.now ?? new Date())}`,
    `DTSTART:${utc(input.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(input.title)}`,
    ...(input.location ? [`LOCATION:${escapeText(input.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** GET tasks/tracking/ics: the appointment of an open, scheduled task as a calendar file. */
export async function trackingCalendar(token: string): Promise<BodyAnswer> {
  const task = await trackedTask(token);
  if (!task.appointmentDate) throw notFound('publicLink.trackingUnavailable', publicLinkMessages.trackingFailed);
  const body = appointmentEvent({
    taskId: task.id,
    title: task.taskTitle,
    start: new Date(task.appointmentDate),
    durationMins: task.durationMins,
    location: task.locationAddress,
  });
  return bodyAnswer({
    body,
    contentType: 'text/calendar; charset=utf-8',
    disposition: { type: 'attachment', filename: `appointment-${task.id}.ics` },
  });
}
