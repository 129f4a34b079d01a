import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { GET as me } from '@/app/api/web/users/me/route';
import { GET as serveFile } from '@/app/api/web/tasks/[id]/files/[fileId]/route';
import { config, proxy } from '@/proxy';
import { call } from '../setup/http';

afterEach(() => {
  for (const name of ['APP_URL', 'MAP_STYLE_URL', 'MAP_HOSTS']) delete process.env[name];
});

const through = (path: string) => proxy(new NextRequest(new URL(path, 'http://localhost:3000')));

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const directive of (policy ?? '').split(';').map((part) => part.trim()).filter(Boolean)) {
    const [name, ...values] = directive.split(/\s+/);
    map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it.each(['/app/login', '/app/main/tasks', '/app/t/some-token'])('%s: a page that loads only its own scripts and is framed by no one', (path) => {
    const headers = through(path).headers;
    const csp = directives(headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts.some((value) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(value))).toBe(true);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain('https:');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('geolocation=(self)');
    expect(headers.get('permissions-policy')).toContain('camera=(self)');
    expect(headers.get('permissions-policy')).toContain('microphone=()');
  });

  it('gives every page a nonce of its own', () => {
    const nonce = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    expect(nonce(through('/app/login').headers.get('content-security-policy'))).not.toBe(
      nonce(through('/app/login').headers.get('content-security-policy')),
    );
  });

  it("lets the map load from OpenStreetMap's tiles by default and from the configured style's host instead", () => {
    let csp = directives(through('/app/main/tasks').headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tile.openstreetmap.org']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    process.env.MAP_STYLE_URL = 'https://tiles.example.com/styles/basic/style.json?key=abc';
    process.env.MAP_HOSTS = 'https://fonts.example.net';
    csp = directives(through('/app/main/tasks').headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tiles.example.com', 'https://fonts.example.net']);
    expect(csp.get('img-src')).toContain('https://tiles.example.com');
  });

  it('API answers: a policy that allows nothing, nosniff, DENY', () => {
    const headers = through('/api/web/users/me').headers;
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it('a served upload or report: sandboxed, framed only by the app itself (its preview)', () => {
    const headers = through('/api/web/tasks/12/files/34').headers;
    expect(headers.get('content-security-policy')).toContain('sandbox');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('Strict-Transport-Security only when the app is served over https', () => {
    expect(through('/app/login').headers.get('strict-transport-security')).toBeNull();
    process.env.APP_URL = 'https://dispatch.example.com';
    expect(through('/app/login').headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(through('/api/web/users/me').headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('the proxy runs for pages and other API paths, not under /api/web/, where route() sets the headers instead', () => {
    const runsFor = (path: string) => config.matcher.some((pattern) => new RegExp(`^${pattern}$`).test(path));
    expect(runsFor('/app/main/tasks')).toBe(true);
    expect(runsFor('/api/health')).toBe(true);
    expect(runsFor('/api/web/tasks/12')).toBe(false);
    expect(runsFor('/_next/static/chunk.js')).toBe(false);
  });

  it('an answer of a call under /api/web/, refusal included, carries the API headers itself', async () => {
    process.env.APP_URL = 'https://dispatch.example.com';
    const response = await call(me, {});
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('microphone=()');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('an error on a served file path keeps the served-file policy, as the proxy gave it', async () => {
    const response = await call(serveFile, { params: { id: 12, fileId: 34 }, path: '/api/web/tasks/12/files/34' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('API answers are never cached', async () => {
    const response = await call(me, {});
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
