import { describe, expect, it } from 'vitest';
import { planMachineSetup, shellFor, type MachineFacts } from '../../scripts/test-machine';

const bareMachine: MachineFacts = {
  tiers: ['unit', 'api', 'e2e'],
  isRoot: false,
  hasAptGet: true,
  hasChromium: false,
  hasPdftotext: false,
  databaseUrlGiven: false,
  postgresAnswers: false,
  postgresInstalled: false,
};

describe("npm test's machine set-up (issue 29, item 22)", () => {
  it('needs nothing on a machine that has Chromium, pdftotext and a running PostgreSQL', () => {
    const plan = planMachineSetup({ ...bareMachine, hasChromium: true, hasPdftotext: true, postgresAnswers: true });
    expect(plan).toEqual({ kind: 'ready' });
  });

  it('as root on a bare Debian machine installs Chromium, poppler-utils and PostgreSQL, trusts loopback and starts it', () => {
    const plan = planMachineSetup({ ...bareMachine, isRoot: true });
    expect(plan.kind).toBe('set-up');
    if (plan.kind !== 'set-up') return;
    expect(plan.steps).toEqual([
      { kind: 'apt-install', packages: ['chromium', 'poppler-utils', 'postgresql'] },
      { kind: 'trust-loopback' },
      { kind: 'start-postgres' },
    ]);
    const shell = shellFor(plan.steps, { sudo: false });
    expect(shell).toContain('apt-get install -y -qq chromium poppler-utils postgresql');
    expect(shell).not.toContain('sudo');
  });

  it('without root stops at once with one sudo command that does the same set-up', () => {
    const plan = planMachineSetup(bareMachine);
    expect(plan.kind).toBe('stop');
    if (plan.kind !== 'stop') return;
    expect(plan.missing).toEqual(['Chromium (/usr/bin/chromium)', 'pdftotext (poppler-utils)', 'a running PostgreSQL on 127.0.0.1:5432']);
    expect(plan.command).toMatch(/^sudo apt-get update -qq && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils postgresql && sudo sed .* && sudo pg_ctlcluster --skip-systemctl-redirect .* main start$/);
  });

  it('starts an installed PostgreSQL that is down, by its version, without reinstalling it', () => {
    const plan = planMachineSetup({ ...bareMachine, hasChromium: true, hasPdftotext: true, postgresInstalled: true, postgresVersion: '15' });
    expect(plan).toEqual({ kind: 'stop', missing: ['a running PostgreSQL on 127.0.0.1:5432'], command: 'sudo pg_ctlcluster --skip-systemctl-redirect 15 main start' });
  });

  it('leaves the database alone when DATABASE_URL names one, and asks for no browser when the e2e tier is not run', () => {
    const plan = planMachineSetup({ ...bareMachine, tiers: ['unit', 'api'], databaseUrlGiven: true });
    expect(plan).toEqual({ kind: 'ready' });
  });

  it('the unit tier alone needs nothing from the machine', () => {
    expect(planMachineSetup({ ...bareMachine, tiers: ['checks', 'unit'] })).toEqual({ kind: 'ready' });
  });
});
