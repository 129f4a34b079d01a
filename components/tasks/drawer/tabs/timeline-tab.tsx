'use client';

import type { TaskTabProps } from './tab-props';

export function TimelineTab(props: TaskTabProps) {
  void props;
  return null;
}
