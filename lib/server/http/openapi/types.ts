import type { RouteContract, RouteHandler } from '@/lib/server/http/route';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A route module as Next.js loads it: one exported handler per method it serves. */
export type ApiRouteModule = Partial<Record<HttpMethod, RouteHandler>> & Record<string, unknown>;

/** One method of one route file, with the contract its handler declares. */
export interface ApiOperation {
  path: string;
  method: HttpMethod;
  handler: RouteHandler;
  contract: RouteContract;
}

export interface ApiRouteEntry {
  /** The path with {param} segments, as the OpenAPI document names it. */
  path: string;
  load: () => Promise<ApiRouteModule>;
}
