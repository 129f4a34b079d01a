import { menuPageOrRedirect } from '@/lib/server/menu';

export default async function SectionPage({ params }: { params: Promise<{ section: string }> }) {
  await menuPageOrRedirect((await params).section);
  return null;
}
