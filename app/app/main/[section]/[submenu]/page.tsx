import { notFound } from 'next/navigation';
import { menuPageOrRedirect } from '@/lib/server/screens/menu';

/**
 * A /app/main path no screen's own route took: an unknown tab goes where the shell sends it (the section's first tab,
 * or the user's landing screen). Every menu destination has its own route (tests/unit/shell.test.ts checks), so a
 * path the menu accepts that still lands here is a missing screen, and answers 404 rather than a placeholder.
 */
export default async function UnknownMenuPathPage({ params }: { params: Promise<{ section: string; submenu: string }> }) {
  const { section, submenu } = await params;
  await menuPageOrRedirect(section, submenu);
  notFound();
}
