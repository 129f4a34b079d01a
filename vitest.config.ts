import { defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = {
  '@': path.resolve(import.meta.dirname),
  // Outside Next.js the marker package throws; tests import server modules directly.
  'server-only': path.resolve(import.meta.dirname, 'tests/api/setup/empty-module.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['tests/api/setup/global-database.ts'],
          setupFiles: ['tests/api/setup/file-database.ts'],
        },
      },
    ],
  },
});
