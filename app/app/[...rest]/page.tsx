import { redirect } from 'next/navigation';

/** Any /app path that is not a page of the product leads to the main area. */
export default function UnknownAppPath() {
  redirect('/app/main');
}
