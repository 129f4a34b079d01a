'use client';

import type { TaskTabProps } from './tab-props';

export function RatingTab(props: TaskTabProps) {
  void props;
  return null;
}
