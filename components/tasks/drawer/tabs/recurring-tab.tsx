'use client';

import type { TaskTabProps } from './tab-props';

export function RecurringTab(props: TaskTabProps) {
  void props;
  return null;
}
