import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApiReference } from '@/components/api-docs/api-reference';
import { apiOperations } from '@/app/api/operations';
import { openApiDocument } from '@/lib/server/http/openapi/document';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('apiDocs');
  return { title: t('title') };
}

/** The API reference, public like the document it renders (GET /api/web/openapi.json). */
export default async function ApiDocsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { q } = await searchParams;
  const filter = typeof q === 'string' ? q.slice(0, 200) : '';
  return <ApiReference document={await openApiDocument(apiOperations)} filter={filter} />;
}
