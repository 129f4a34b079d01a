import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import { readFileSync } from 'node:fs';

// The layers hold by lint: lib never imports app/ (the app hands lib what it needs) or the
// seed (the seed imports lib); lib/server and lib/client never import each other, and lib/contract neither (what both
// sides use lives in lib/contract).
const notApp = { regex: '^(@/|(\\.\\./)+)app(/|$)', message: 'lib never imports app/: let the app hand lib what it needs (see app/api/operations.ts).' };
const notSeed = { regex: '^(@/|(\\.\\./)+)db/seed(/|$)', message: 'lib never imports db/seed: the seed imports lib.' };
const notServer = { regex: '^(@/lib/|(\\.\\./)+)server(/|$)', message: 'lib/client and lib/contract never import lib/server: the browser cannot run it.' };
const notClient = { regex: '^(@/lib/|(\\.\\./)+)client(/|$)', message: 'lib/server never imports lib/client: move what both sides use to lib/contract.' };

// HTTP stays at the edge: below lib/server/http the wings take data and return data. route() reads the request
// (uploads, the client's address, the credentials) and turns what the domain answers (lib/server/core/answer.ts) into a
// Response, so no file there names Request, Response or Headers, nor imports next/server or lib/server/http. A
// provider's answer to our own fetch() (geocoder, router, Xero) is outbound, not the edge: it is typed as
// Awaited<ReturnType<typeof fetch>> (lib/server/integrations/fetched.ts), so the rule needs no exception.
const edgeOnlyMessage = 'Only lib/server/http handles HTTP: take the data (route() hands it over) and return a value (lib/server/core/answer.ts).';
const notHttp = { regex: '^(@/lib/server/|(\\.\\./)+)http(/|$)', message: edgeOnlyMessage };
const edgeNames = ['Request', 'Response', 'Headers', 'NextRequest', 'NextResponse'];
const readEnvThroughModule = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through lib/server/core/env.ts.',
};

// The wings of lib/server (lib/server/wings.json), lowest first: each may import the wings before it, never one after
// it (README.md in each wing says what lives there). The entry wings import the domain and never each other; nothing
// in lib/server imports them. import/no-restricted-paths resolves each specifier, so alias and relative path are alike.
const { wings: serverWings, entries: serverEntries } = JSON.parse(readFileSync(new URL('./lib/server/wings.json', import.meta.url), 'utf8'));
const wingZones = [
  ...serverWings.map((wing, index) => ({
    target: `./lib/server/${wing}`,
    from: [...serverWings.slice(index + 1), ...serverEntries].map((higher) => `./lib/server/${higher}`),
    message: `lib/server/${wing} imports only the wings below it (${serverWings.slice(0, index).join(', ') || 'none'}): see eslint.config.mjs serverWings.`,
  })),
  ...serverEntries.map((entry) => ({
    target: `./lib/server/${entry}`,
    from: serverEntries.filter((other) => other !== entry).map((other) => `./lib/server/${other}`),
    message: `lib/server/${entry} is an entry wing: it imports the domain wings, never ${serverEntries.filter((other) => other !== entry).join(' or ')}.`,
  })),
];

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
      'no-restricted-syntax': ['error', readEnvThroughModule],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notApp, notSeed] }] },
  },
  {
    files: ['lib/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notApp, notSeed, notClient] }] },
  },
  {
    // The block above's patterns are repeated: a later block replaces a rule's options, it does not add to them.
    files: ['lib/server/**/*.{ts,tsx}'],
    ignores: ['lib/server/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'next/server', message: edgeOnlyMessage }], patterns: [notApp, notSeed, notClient, notHttp] },
      ],
      'no-restricted-globals': ['error', ...edgeNames.map((name) => ({ name, message: edgeOnlyMessage }))],
      'no-restricted-syntax': [
        'error',
        readEnvThroughModule,
        { selector: `TSTypeReference > Identifier.typeName[name=/^(${edgeNames.join('|')})$/]`, message: edgeOnlyMessage },
      ],
    },
  },
  {
    files: ['lib/server/**/*.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: wingZones }] },
  },
  {
    files: ['lib/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notApp, notSeed, notServer] }] },
  },
  {
    files: ['lib/contract/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notApp, notSeed, notServer, notClient] }] },
  },
  {
    files: ['lib/server/core/env.ts', 'proxy.ts', 'instrumentation.ts', 'scripts/**', 'tests/**', 'playwright.config.ts', 'bench/**', 'db/seed/**', 'drizzle.config.ts', 'next.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
];

export default config;
