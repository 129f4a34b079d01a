import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ['.next/**', 'bench/bare-app/.next/**', 'node_modules/**', 'data/**', 'public/maplibre-gl-worker.mjs', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through lib/server/env.ts.',
        },
      ],
    },
  },
  {
    files: ['lib/server/env.ts', 'proxy.ts', 'instrumentation.ts', 'scripts/**', 'tests/**', 'playwright.config.ts', 'bench/**', 'db/seed/**', 'drizzle.config.ts', 'next.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
];

export default config;
