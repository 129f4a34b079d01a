import { availableParallelism } from 'node:os';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg'],
  typedRoutes: false,
  // `npm run typecheck` checks the whole project in CI; the production build need not do it again.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // After the compile, collecting page data and prerendering run in worker processes while the main one waits:
    // Next's default (one core fewer than the machine's) left one of two cores idle for 13 s of a first start.
    cpus: availableParallelism(),
    // Turbopack's build cache only pays on a second build of the same checkout, and `npm start` builds only when
    // the sources changed; writing it cost a first start about half a minute ("Finished writing to filesystem cache").
    turbopackFileSystemCacheForBuild: false,
    // The server's code is read by one long-running process, not downloaded: minifying it cost a first start 27 s
    // of a 77-s compile, and its source maps (written, then loaded again to prerender) 6 s more. Unminified, a
    // server stack trace stays readable without them. The browser's code is still minified.
    turbopackMinify: { server: false, client: true },
    turbopackSourceMaps: false,
    turbopackInputSourceMaps: false,
  },
  // Static assets skip the proxy, which sets the full policy on everything else.
  async headers() {
    return [
      {
        source: '/_next/static/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
