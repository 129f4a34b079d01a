'use client';

import type { TaskTabProps } from './tab-props';

export function AttachmentsTab(props: TaskTabProps) {
  void props;
  return null;
}
