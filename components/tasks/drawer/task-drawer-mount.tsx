import { Suspense } from 'react';
import { env } from '@/lib/server/core/env';
import { TaskDrawerHost } from './task-drawer-host';

/** Server side of the drawer: hands the configured map style to the client host, which reads the URL. */
export function TaskDrawerMount() {
  return (
    <Suspense fallback={null}>
      <TaskDrawerHost mapStyleUrl={env.mapStyleUrl ?? null} />
    </Suspense>
  );
}
