'use client';

/**
 * Registers the workers' view service worker (public/worker-sw.js) and hands it the build assets this page loaded
 * before it took control, so the next visit opens without a network.
 */
export function registerWorkerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/worker-sw.js', { scope: '/app/worker' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith('/_next/static/'));
      registration.active?.postMessage({ type: 'cache-shell', urls });
    })
    .catch(() => {
      // Without a service worker the view still works online; only the offline start is lost.
    });
}

/** On sign-out the page copy goes: the next person on this phone must not open the last worker's view offline. */
export async function forgetWorkerPageCopy(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('fieldops-worker-')).map((name) => caches.delete(name)));
}
