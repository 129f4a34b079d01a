import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConsoleConfigProvider } from '@/lib/client/console-config';
import type { ConsoleConfig } from '@/lib/contract/console-config';
import en from '@/messages/en.json';

/** The markup a console screen's component renders in English, under the main layout's config. */
export function renderInConsole(config: ConsoleConfig, element: ReactNode): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Rome">
      <ConsoleConfigProvider value={config}>{element}</ConsoleConfigProvider>
    </NextIntlClientProvider>,
  );
}
