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
    // Turbopack's build cache only pays on a second build of the same checkout, and `npm start` builds only when
    // the sources changed; writing it cost a first start about half a minute ("Finished writing to filesystem cache").
    turbopackFileSystemCacheForBuild: false,
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
