import { menuPageOrRedirect } from '@/lib/server/menu';

export default async function MainPage() {
  await menuPageOrRedirect();
  return null;
}
