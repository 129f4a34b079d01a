'use client';

import type { TaskTabProps } from './tab-props';

export function SignatureTab(props: TaskTabProps) {
  void props;
  return null;
}
