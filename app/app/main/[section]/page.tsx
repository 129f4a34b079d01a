import { menuPageOrRedirect } from '@/lib/server/screens/menu';

export default async function SectionPage({ params }: { params: Promise<{ section: string }> }) {
  await menuPageOrRedirect((await params).section);
  return null;
}
