import { menuPageOrRedirect } from '@/lib/server/screens/menu';

export default async function MainPage() {
  await menuPageOrRedirect();
  return null;
}
