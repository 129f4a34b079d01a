import 'server-only';
import { apiRoutes } from './routes.generated';
import { httpMethods, type ApiOperation } from '@/lib/server/http/openapi/types';

/**
 * Every method of every route file under app/api/web, with the contract its handler declares. It lives on the app
 * side because it imports the route files: lib never imports app/, and takes this list where it needs it.
 */
export async function apiOperations(): Promise<ApiOperation[]> {
  const operations: ApiOperation[] = [];
  for (const entry of apiRoutes) {
    const routeModule = await entry.load();
    for (const method of httpMethods) {
      const handler = routeModule[method];
      if (typeof handler === 'function') operations.push({ path: entry.path, method, handler, contract: handler.contract });
    }
  }
  return operations;
}

export { apiRoutes };
