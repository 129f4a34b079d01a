import { expect, test } from '@playwright/test';
import { withDatabase } from './support/database';

/**
 * What only the real server shows: the client address the rate limits count is the connecting socket's, whatever
 * X-Forwarded-For a client sends (Next.js would take the header as it comes), and the proxy's headers reach the
 * browser on pages and API answers. No browser is needed, so these use Playwright's request client.
 */
test.describe('the server as a client reaches it', () => {
  test('a login counts against the connecting address, not one named in X-Forwarded-For', async ({ request }) => {
    const spoofed = '203.0.113.77';
    const response = await request.post('/api/web/login', {
      data: { username: `nobody-${Date.now()}@example.test`, password: 'wrong', rememberMe: false },
      headers: { 'x-forwarded-for': spoofed },
    });
    expect(response.status()).toBe(401);
    const keys = await withDatabase(async (client) => {
      const { rows } = await client.query<{ key: string }>(`select key from rate_limits where key like 'login:ip:%'`);
      return rows.map((row) => row.key);
    });
    expect(keys).not.toContain(`login:ip:${spoofed}`);
    expect(keys.some((key) => /^login:ip:(::ffff:)?(127\.0\.0\.1|::1)$/.test(key))).toBe(true);
  });

  test('a page and an API answer carry the security headers', async ({ request }) => {
    const page = await request.get('/app/login');
    expect(page.status()).toBe(200);
    const pageHeaders = page.headers();
    expect(pageHeaders['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(pageHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(pageHeaders['x-frame-options']).toBe('DENY');
    expect(pageHeaders['x-content-type-options']).toBe('nosniff');
    expect(pageHeaders['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(pageHeaders['permissions-policy']).toContain('geolocation=(self)');
    const nonce = /'nonce-([^']+)'/.exec(pageHeaders['content-security-policy'])?.[1];
    expect(await page.text()).toContain(`nonce="${nonce}"`);

    const api = await request.get('/api/web/users/me');
    expect(api.status()).toBe(401);
    expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a cross-site POST is refused before it does anything', async ({ request }) => {
    const response = await request.post('/api/web/login', {
      data: { username: 'owner@demo.test', password: 'demo-pass-2026', rememberMe: false },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['set-cookie']).toBeUndefined();
  });
});

/** The headers every answer carries, whoever made it: the app's handlers, the proxy, or Next.js itself. */
function expectSecurityHeaders(headers: Record<string, string>): void {
  expect(headers['content-security-policy']).toMatch(/default-src '(none|self)'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('microphone=()');
}

test.describe('answers Next.js makes itself (lib/server/http/response-guard.ts)', () => {
  test('a wrong method on an API path: 405 with the security headers', async ({ request }) => {
    const response = await request.fetch('/api/web/users/me', { method: 'PATCH' });
    expect(response.status()).toBe(405);
    expectSecurityHeaders(response.headers());
  });

  test('OPTIONS on an API path carries the security headers', async ({ request }) => {
    const response = await request.fetch('/api/web/users/me', { method: 'OPTIONS' });
    expect(response.status()).toBeLessThan(500);
    expectSecurityHeaders(response.headers());
  });

  test('/_next/image and /favicon.ico carry the security headers', async ({ request }) => {
    for (const path of ['/_next/image?url=%2Fworker-icon.svg&w=64&q=75', '/favicon.ico']) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
      expectSecurityHeaders(response.headers());
    }
  });

  test('a malformed percent-encoding: the JSON 400 on an API path, the 400 page elsewhere, both with the headers', async ({ request }) => {
    const api = await request.get('/api/web/tasks/%E0%A4%A');
    expect(api.status()).toBe(400);
    expect(((await api.json()) as { error: { code: string; requestId: string } }).error.code).toBe('request.invalid');
    expectSecurityHeaders(api.headers());
    expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

    const page = await request.get('/app/main/tasks/%E0%A4%A', { headers: { 'accept-language': 'fr' } });
    expect(page.status()).toBe(400);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(await page.text()).toContain('Cette adresse n’est pas valide.');
    expectSecurityHeaders(page.headers());
  });
});
