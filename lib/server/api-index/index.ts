import 'server-only';
import { apiRoutes } from './routes.generated';
import { httpMethods, type HttpMethod } from './types';
import type { RouteContract, RouteHandler } from '@/lib/server/http/route';

export interface ApiOperation {
  path: string;
  method: HttpMethod;
  handler: RouteHandler;
  contract: RouteContract;
}

/** Every method of every route file under app/api/web, with the contract its handler declares. */
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
