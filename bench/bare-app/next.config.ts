import type { NextConfig } from 'next';

/** bench/api-throughput.ts builds and starts this app next to the product; see its route for why. */
const nextConfig: NextConfig = {
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
