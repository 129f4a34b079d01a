import { describe, expect, it } from 'vitest';
import * as unknownCall from '@/app/api/web/[...path]/route';
import { call } from './setup/http';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('a path under /api/web that names no call', () => {
  for (const method of methods) {
    it(`answers ${method} with 404 and the JSON error shape, before any sign-in check`, async () => {
      const response = await call(unknownCall[method], {
        method,
        path: '/api/web/no-such-call/42',
        params: { path: 'no-such-call' },
        json: method === 'GET' ? undefined : { any: 'body' },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
      expect(body).toEqual({ error: { code: 'request.notFound', message: expect.any(String), requestId: expect.any(String) } });
      expect(response.headers.get('x-request-id')).toBe(body.error.requestId);
    });
  }
});
