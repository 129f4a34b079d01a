'use client';

import { RecurrencePanel } from '../recurrence/recurrence-panel';
import type { TaskTabProps } from './tab-props';

export function RecurringTab(props: TaskTabProps) {
  return <RecurrencePanel {...props} />;
}
