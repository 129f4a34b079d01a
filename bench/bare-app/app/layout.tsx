import type { ReactNode } from 'react';

/** Next.js wants a root layout beside any app folder; the bare app serves no page. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
