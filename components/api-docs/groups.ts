import type { OpenApiDocument, OpenApiOperation } from '@/lib/server/http/openapi/document';

export interface DocumentedCall {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface CallGroup {
  name: string;
  calls: DocumentedCall[];
}

/**
 * The document's calls grouped by the first segment after /api/web, keeping those whose "METHOD path" contains
 * every word of the filter (any case): `get tasks/{id}` finds GET /api/web/tasks/{id}.
 */
export function groupCalls(document: OpenApiDocument, filter: string): CallGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, DocumentedCall[]>();
  for (const [path, methods] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, operation] of Object.entries(methods)) {
      const label = `${method} ${path}`.toLowerCase();
      if (!words.every((word) => label.includes(word))) continue;
      const name = operation.tags[0] ?? 'web';
      const calls = groups.get(name) ?? [];
      calls.push({ method: method.toUpperCase(), path, operation });
      groups.set(name, calls);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, calls]) => ({ name, calls }));
}
