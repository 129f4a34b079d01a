import type { Metadata, Viewport } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { canUseWorkerView } from '@/lib/contract/roles';
import { currentPageUser } from '@/lib/server/people/auth/page-session';

export const dynamic = 'force-dynamic';

/** The manifest makes the workers' view installable; only this view links it, the console is not an app. */
export const metadata: Metadata = { manifest: '/worker.webmanifest', appleWebApp: { capable: true, title: 'FieldOps' } };
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1f6feb' };

export default async function WorkerLayout({ children }: { children: ReactNode }) {
  const user = await currentPageUser();
  if (!user) redirect('/app/login');
  if (!canUseWorkerView(user.roles)) redirect('/app/main');
  return children;
}
