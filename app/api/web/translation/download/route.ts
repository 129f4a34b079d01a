import { z } from 'zod';
import { languages } from '@/lib/contract/languages';
import { publicRoute } from '@/lib/server/http/route';
import { translationDownload } from '@/lib/server/core/i18n/translations';

export const GET = publicRoute({ query: z.object({ language: z.enum(languages) }) }, ({ query }) =>
  translationDownload(query.language),
);
