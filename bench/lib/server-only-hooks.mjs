/**
 * Module hooks that let a bench load server modules outside Next.js: 'server-only' resolves to the empty module
 * its package gives React server code, as Next.js does for route handlers.
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') {
    return { url: new URL('../../node_modules/server-only/empty.js', import.meta.url).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
