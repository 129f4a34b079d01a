import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale } from 'next-intl/server';
import { Toaster } from 'sonner';
import { QueryProvider } from '@/lib/client/query-client';
import './globals.css';

export const metadata: Metadata = { title: 'FieldOps', description: 'Field-service scheduling and dispatch' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="font-sans text-slate-900 antialiased">
        <NextIntlClientProvider>
          <QueryProvider>{children}</QueryProvider>
          <Toaster position="top-center" offset={5} visibleToasts={3} duration={2000} richColors />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
