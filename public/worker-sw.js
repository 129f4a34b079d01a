/*
 * The workers' view service worker (registered by /app/worker only, scope /app/worker): keeps the view's page and
 * the static assets it loaded so /app/worker opens without a network. API calls are never cached here: the view
 * keeps its data in IndexedDB and queues its writes itself.
 */
const cacheName = 'fieldops-worker-v1';
const shellPath = '/app/worker';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('fieldops-worker-') && name !== cacheName).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/* The page tells which assets it loaded before this worker controlled it: those are fetched once into the cache. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-shell' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      const urls = data.urls.filter((url) => typeof url === 'string' && isStatic(new URL(url, self.location.origin)));
      await Promise.all(
        urls.map(async (url) => {
          if (await cache.match(url)) return;
          const response = await fetch(url).catch(() => null);
          if (response && response.ok) await cache.put(url, response);
        }),
      );
      const page = await fetch(shellPath, { credentials: 'same-origin' }).catch(() => null);
      if (page && page.ok && !page.redirected) await cache.put(shellPath, page);
    })(),
  );
});

function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/_next/static/');
}

function isWorkerPage(request, url) {
  return request.mode === 'navigate' && url.origin === self.location.origin && (url.pathname === shellPath || url.pathname.startsWith(`${shellPath}/`));
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isWorkerPage(request, url)) {
    // Network first: a signed-out or changed page comes from the server; the copy only when the network fails.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok && !response.redirected && url.pathname === shellPath) {
            const cache = await caches.open(cacheName);
            await cache.put(shellPath, response.clone());
          }
          return response;
        } catch (error) {
          const cached = await caches.match(shellPath);
          if (cached) return cached;
          throw error;
        }
      })(),
    );
    return;
  }
  if (isStatic(url)) {
    // Build assets have content hashes in their names: a cached copy is always the right one.
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          const cache = await caches.open(cacheName);
          await cache.put(request, response.clone());
        }
        return response;
      })(),
    );
  }
});
