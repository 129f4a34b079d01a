import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPathOf, renderIndex, routeFiles } from '@/scripts/api-index';

describe('the API route index', () => {
  it('lists exactly the route files under app/api/web (run `npm run api-index` when this fails)', () => {
    const written = readFileSync(join(process.cwd(), 'app/api/routes.generated.ts'), 'utf8');
    expect(written).toBe(renderIndex(routeFiles()));
  });

  it('names a path by its folders, with {param} for dynamic and catch-all segments', () => {
    const root = join(process.cwd(), 'app/api/web');
    expect(apiPathOf(join(root, 'tasks/[id]/files/[fileId]/route.ts'))).toBe('/api/web/tasks/{id}/files/{fileId}');
    expect(apiPathOf(join(root, '[...path]/route.ts'))).toBe('/api/web/{path}');
    expect(apiPathOf(join(root, 'route.ts'))).toBe('/api/web');
  });
});
