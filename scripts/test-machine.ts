/**
 * What `npm test` needs from the machine beyond node_modules, and the plan to get it: Chromium and pdftotext for the
 * end-to-end tier, a running PostgreSQL for the API and end-to-end tiers. Pure: the facts are read elsewhere
 * (scripts/test-setup.ts), so the decisions are unit-tested (tests/unit/test-machine.test.ts).
 */
export interface MachineFacts {
  /** The tiers this run will execute. */
  tiers: readonly string[];
  isRoot: boolean;
  hasAptGet: boolean;
  hasChromium: boolean;
  hasPdftotext: boolean;
  /** DATABASE_URL was given: the tests use that server as it is, and nothing is installed or started for it. */
  databaseUrlGiven: boolean;
  postgresAnswers: boolean;
  /** A PostgreSQL cluster installed from Debian's packages (pg_ctlcluster present), whether or not it runs. */
  postgresInstalled: boolean;
  /** The installed cluster's major version (the folder under /etc/postgresql), when one is installed. */
  postgresVersion?: string;
}

export type SetupStep =
  | { kind: 'apt-install'; packages: string[] }
  | { kind: 'trust-loopback' }
  | { kind: 'start-postgres' };

export type MachinePlan =
  | { kind: 'ready' }
  | { kind: 'set-up'; missing: string[]; steps: SetupStep[] }
  | { kind: 'stop'; missing: string[]; command: string };

export function planMachineSetup(facts: MachineFacts): MachinePlan {
  const needsBrowser = facts.tiers.includes('e2e');
  const needsDatabase = !facts.databaseUrlGiven && (facts.tiers.includes('api') || facts.tiers.includes('e2e'));

  const packages: string[] = [];
  const missing: string[] = [];
  if (needsBrowser && !facts.hasChromium) {
    packages.push('chromium');
    missing.push('Chromium (/usr/bin/chromium)');
  }
  if (needsBrowser && !facts.hasPdftotext) {
    packages.push('poppler-utils');
    missing.push('pdftotext (poppler-utils)');
  }
  const installPostgres = needsDatabase && !facts.postgresAnswers && !facts.postgresInstalled;
  const startPostgres = needsDatabase && !facts.postgresAnswers;
  if (installPostgres) packages.push('postgresql');
  if (startPostgres) missing.push('a running PostgreSQL on 127.0.0.1:5432');
  if (missing.length === 0) return { kind: 'ready' };

  const steps: SetupStep[] = [];
  if (packages.length > 0) steps.push({ kind: 'apt-install', packages });
  // A fresh Debian cluster asks for a password over TCP; the tests connect as postgres without one, as CI does.
  if (installPostgres) steps.push({ kind: 'trust-loopback' });
  if (startPostgres) steps.push({ kind: 'start-postgres' });

  if (facts.isRoot && facts.hasAptGet) return { kind: 'set-up', missing, steps };
  return { kind: 'stop', missing, command: shellFor(steps, { sudo: true, postgresVersion: facts.postgresVersion }) };
}

/**
 * The steps as one shell command: run as it is by `npm test` when it is root, printed with sudo for a user who is
 * not, so that the same command does the same thing either way.
 */
export function shellFor(steps: SetupStep[], options: { sudo: boolean; postgresVersion?: string }): string {
  const sudo = options.sudo ? 'sudo ' : '';
  const version = options.postgresVersion ?? '$(ls /etc/postgresql | head -n 1)';
  return steps
    .map((step) => {
      switch (step.kind) {
        case 'apt-install':
          return `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${step.packages.join(' ')}`;
        case 'trust-loopback':
          return `${sudo}sed -i '1i host all all 127.0.0.1/32 trust' /etc/postgresql/${version}/main/pg_hba.conf`;
        case 'start-postgres':
          return `${sudo}pg_ctlcluster --skip-systemctl-redirect ${version} main start`;
      }
    })
    .join(' && ');
}
