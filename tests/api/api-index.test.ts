import { describe, expect, it } from 'vitest';
import { apiOperations, apiRoutes } from '@/app/api/operations';

describe('every API call declares its contract', () => {
  it('serves each method of each route file through route(), publicRoute() or chooseRoute(), whose contract it carries', async () => {
    const operations = await apiOperations();
    expect(new Set(operations.map((operation) => operation.path)).size).toBe(apiRoutes.length);
    const undeclared = operations.filter((operation) => !operation.contract || !['authenticated', 'public', 'unknown'].includes(operation.contract.access));
    expect(undeclared.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

});
