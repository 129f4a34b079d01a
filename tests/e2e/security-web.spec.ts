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
