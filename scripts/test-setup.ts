import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { planMachineSetup, shellFor, type MachineFacts } from './test-machine';

/**
 * `npm test`'s set-up on the machine it runs on (issue 29, item 22): Chromium, pdftotext and a running PostgreSQL,
 * installed or started when `npm test` runs as root, else a stop at once with the one command to run; then a fresh
 * database for this run unless DATABASE_URL names one.
 */
const localServer = 'postgres://postgres@127.0.0.1:5432';

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${localServer}/postgres`, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function installedPostgresVersion(): string | undefined {
  if (!existsSync('/etc/postgresql')) return undefined;
  return readdirSync('/etc/postgresql').sort().at(-1);
}

async function readFacts(tiers: readonly string[]): Promise<MachineFacts> {
  const postgresVersion = installedPostgresVersion();
  return {
    tiers,
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get'),
    hasChromium: existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    hasPdftotext: onPath('pdftotext'),
    databaseUrlGiven: Boolean(process.env.DATABASE_URL),
    postgresAnswers: await postgresAnswers(),
    postgresInstalled: onPath('pg_ctlcluster') && postgresVersion !== undefined,
    postgresVersion,
  };
}

async function waitForPostgres(): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (await postgresAnswers()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('PostgreSQL did not answer on 127.0.0.1:5432 within 30 s of being started.');
}

/** Returns a function that drops this run's database, or nothing when the run uses a database it was given. */
export async function prepareTestMachine(tiers: readonly string[]): Promise<(() => Promise<void>) | undefined> {
  const facts = await readFacts(tiers);
  const plan = planMachineSetup(facts);
  if (plan.kind === 'stop') {
    console.error(`npm test needs ${plan.missing.join(', ')}. Run this once, then npm test again:\n\n  ${plan.command}\n`);
    console.error('(Or set DATABASE_URL to a PostgreSQL server you have, and CHROMIUM_PATH to a Chromium.)');
    process.exit(1);
  }
  if (plan.kind === 'set-up') {
    console.log(`Setting up ${plan.missing.join(', ')}…`);
    execSync(shellFor(plan.steps, { sudo: false, postgresVersion: facts.postgresVersion }), { stdio: 'inherit', shell: '/bin/bash' });
    if (plan.steps.some((step) => step.kind === 'start-postgres')) await waitForPostgres();
  }
  if (facts.databaseUrlGiven || !(tiers.includes('api') || tiers.includes('e2e'))) return undefined;

  const name = `fieldops_test_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${localServer}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  process.env.DATABASE_URL = `${localServer}/${name}`;
  console.log(`Tests run on a fresh PostgreSQL database, ${name}.`);
  return async () => {
    const dropper = new pg.Client({ connectionString: `${localServer}/postgres` });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await dropper.end();
  };
}
