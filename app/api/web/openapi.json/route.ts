import { publicRoute } from '@/lib/server/http/route';
import { apiOperations } from '@/app/api/operations';
import { openApiDocument } from '@/lib/server/http/openapi/document';

/** The OpenAPI 3.1 document of every call under /api/web, built from the contracts the handlers enforce. */
export const GET = publicRoute({}, () => openApiDocument(apiOperations));
