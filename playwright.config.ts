import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The stand-in Nominatim server (tests/e2e/support/geocoder-stand-in.ts): the app reaches no outside geocoder. */
const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? port + 1);
/** The stand-in Xero (tests/e2e/support/xero-stand-in.ts): identity and Accounting API on one local server. */
const xeroPort = Number(process.env.E2E_XERO_PORT ?? port + 2);
// port + 3: the SMTP server a spec starts for itself (tests/e2e/support/mail.ts).

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/geocoder-stand-in.ts',
      url: `http://127.0.0.1:${geocoderPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { GEOCODER_PORT: String(geocoderPort) },
    },
    {
      command: 'npx tsx tests/e2e/support/xero-stand-in.ts',
      url: `http://127.0.0.1:${xeroPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { XERO_STAND_IN_PORT: String(xeroPort) },
    },
    {
      command: 'npx tsx scripts/e2e-server.ts',
      url: `http://localhost:${port}/app/login`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        NEXT_TELEMETRY_DISABLED: '1',
        GEOCODER_URL: `http://127.0.0.1:${geocoderPort}`,
        XERO_IDENTITY_URL: `http://127.0.0.1:${xeroPort}`,
        XERO_API_URL: `http://127.0.0.1:${xeroPort}/api.xro/2.0`,
        // No SMTP or SMS provider in the app under test: messages stay queued for the outbox screen, and no delivery
        // job runs. A spec that reads a real mail sends it with `npm run worker -- --once --to` (support/mail.ts).
        OUTBOX_WORKER: 'off',
        SMTP_URL: '',
        SMS_URL: '',
        // One JSON line per request would bury the test report; warnings and errors still show.
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
