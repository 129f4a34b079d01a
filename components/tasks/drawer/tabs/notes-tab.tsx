'use client';

import type { TaskTabProps } from './tab-props';

export function NotesTab(props: TaskTabProps) {
  void props;
  return null;
}
