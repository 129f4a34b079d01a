import { redirect } from 'next/navigation';

export default function AppRoot() {
  redirect('/app/main');
}
