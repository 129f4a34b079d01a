import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as forgotPassword, PUT as resetPassword } from '@/app/api/web/forgot-password/route';
import { POST as login } from '@/app/api/web/login/route';
import { POST as signup } from '@/app/api/web/signup/route';
import { loginLimits } from '@/lib/server/people/auth/sign-in';
import { stampPeerAddress } from '@/lib/server/http/client-address';
import { forgotPasswordLimits } from '@/lib/server/people/password-reset/request';
import { resetPasswordLimit } from '@/lib/server/people/password-reset/reset';
import { signupLimit } from '@/lib/server/people/tenants/signup';
import { createCompany, createUser, testPassword } from '../setup/fixtures';
import { call, freshIp } from '../setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  company = await createCompany();
});

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
});

let spoofCounter = 0;
/** A new address each call, the way an attacker rotates X-Forwarded-For to look like many callers. */
const spoofed = () => `198.51.${Math.floor(spoofCounter / 250)}.${(spoofCounter++ % 250) + 1}`;

/** X-Forwarded-For as the server hands it to Next.js (lib/server/http/client-address.ts) for this peer and header. */
function forwardedFor(peer: string, sent: string | undefined, hops = 0): string {
  const headers: Record<string, string> = sent ? { 'x-forwarded-for': sent } : {};
  stampPeerAddress(headers, peer, hops);
  return headers['x-forwarded-for'];
}

const tryLogin = (username: string, password: string, forwarded: string) =>
  call(login, { method: 'POST', path: '/api/web/login', json: { username, password, rememberMe: false }, ip: forwarded });

const unknownUser = (index: number) => `nobody-${Date.now().toString(36)}-${index}@example.test`;

describe('login, per address', () => {
  it('lets an office of 30 behind one address sign in together at 8:00, typos included, and stops the 61st try in a minute', async () => {
    expect(loginLimits.perAddress).toEqual({ limit: 60, windowMs: 60_000 });
    const office = freshIp();
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(company.tenantId, { assignee: true })));
    const signIns = await Promise.all(people.map((person) => tryLogin(person.username, testPassword, office)));
    expect(signIns.map((response) => response.status)).toEqual(Array(30).fill(200));
    const typos = await Promise.all(Array.from({ length: 30 }, (_, index) => tryLogin(unknownUser(index), 'typo', office)));
    expect(typos.map((response) => response.status)).toEqual(Array(30).fill(401));
    expect((await tryLogin(people[0].username, testPassword, office)).status).toBe(429);
  });

  it('is not reset by a client that names a new address in X-Forwarded-For each time (no proxy declared)', async () => {
    const peer = freshIp();
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) {
      statuses.push((await tryLogin(unknownUser(index), 'wrong', forwardedFor(peer, spoofed()))).status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
  });

  it('behind one trusted proxy counts the address that proxy saw, whatever the client put before it', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    const client = freshIp();
    const proxy = '10.255.0.1';
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) {
      statuses.push((await tryLogin(unknownUser(index), 'wrong', forwardedFor(proxy, `${spoofed()}, ${client}`, 1))).status);
    }
    expect(statuses[60]).toBe(429);
    const neighbour = freshIp();
    expect((await tryLogin(unknownUser(99), 'wrong', forwardedFor(proxy, neighbour, 1))).status, 'another client of the same proxy is not held up').toBe(401);
  });
});

describe('login, per account and address', () => {
  it("stops the 6th guess from one address in 15 minutes, the right password included, and not the owner's sign-in from another", async () => {
    expect(loginLimits.perAccountAndAddress).toEqual({ limit: 5, windowMs: 15 * 60_000 });
    const user = await createUser(company.tenantId, { assignee: true });
    const guesser = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await tryLogin(user.username, 'guess', guesser)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await tryLogin(user.username, testPassword, guesser)).status, 'the guessing address stays stopped').toBe(429);
    expect((await tryLogin(user.username, testPassword, freshIp())).status, 'the owner at their own address gets in').toBe(200);
    expect((await tryLogin(user.username, testPassword, guesser)).status, "the owner's sign-in clears only their own address").toBe(429);
  });

  it('forgets earlier typos from an address at a correct password from it, so a user who mistypes now and then is never locked out', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const home = freshIp();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) expect((await tryLogin(user.username, 'typo', home)).status).toBe(401);
      expect((await tryLogin(user.username, testPassword, home)).status).toBe(200);
    }
  });
});

describe('login, per account across addresses', () => {
  it('allows 50 failed tries an hour from any number of addresses, then answers 429 to every address, the right password included', async () => {
    expect(loginLimits.perAccount).toEqual({ limit: 50, windowMs: 60 * 60_000 });
    const user = await createUser(company.tenantId, { assignee: true });
    const statuses: number[] = [];
    for (let address = 0; address < 10; address++) {
      const guesser = freshIp();
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await tryLogin(user.username, 'guess', guesser)).status);
    }
    expect(statuses).toEqual(Array(50).fill(401));
    expect((await tryLogin(user.username, 'guess', freshIp())).status).toBe(429);
    expect((await tryLogin(user.username, testPassword, freshIp())).status).toBe(429);
  });

  it("does not spend the account's budget on tries one address makes past its own limit", async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const guesser = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 55; attempt++) statuses.push((await tryLogin(user.username, 'guess', guesser)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(50).fill(429)]);
    expect((await tryLogin(user.username, testPassword, freshIp())).status).toBe(200);
  });

  it('counts only failures: correct sign-ins give their try back to the budget', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    for (let address = 0; address < 49; address++) expect((await tryLogin(user.username, 'guess', freshIp())).status).toBe(401);
    const home = freshIp();
    for (let signIn = 0; signIn < 3; signIn++) expect((await tryLogin(user.username, testPassword, home)).status).toBe(200);
    expect((await tryLogin(user.username, 'guess', freshIp())).status, 'the 50th failure').toBe(401);
    expect((await tryLogin(user.username, testPassword, home)).status).toBe(429);
  });
});

describe('forgot password', () => {
  it('stops an address listing accounts even when it rotates X-Forwarded-For', async () => {
    const peer = freshIp();
    const { limit } = forgotPasswordLimits.perIp;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index++) {
      const response = await call(forgotPassword, {
        method: 'POST',
        json: { username: unknownUser(index) },
        ip: forwardedFor(peer, spoofed()),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(404));
    expect(statuses[limit]).toBe(429);
  });

  it("stops a flood of reset mails to one person's mailbox from many addresses", async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const { limit } = forgotPasswordLimits.perUsername;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index++) {
      statuses.push((await call(forgotPassword, { method: 'POST', json: { username: user.username }, ip: freshIp() })).status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

describe('password reset (PUT forgot-password)', () => {
  it('answers 429 to the 11th reset from one address in 15 minutes, X-Forwarded-For rotated or not, and not to another address', async () => {
    expect(resetPasswordLimit).toEqual({ limit: 10, windowMs: 15 * 60_000 });
    const peer = freshIp();
    const tryReset = (forwarded: string) =>
      call(resetPassword, {
        method: 'PUT',
        path: '/api/web/forgot-password',
        json: { username: unknownUser(0), token: 'not-a-live-token', newPassword: 'brand-new-pass-1' },
        ip: forwarded,
      });
    const statuses: number[] = [];
    for (let index = 0; index <= resetPasswordLimit.limit; index++) statuses.push((await tryReset(forwardedFor(peer, spoofed()))).status);
    expect(statuses).toEqual([...Array(resetPasswordLimit.limit).fill(404), 429]);
    const body = (await (await tryReset(peer)).json()) as { error: { message: string } };
    expect(body.error.message).toBe('Too many password reset requests. Please try again in a few minutes.');
    expect((await tryReset(freshIp())).status).toBe(404);
  });
});

describe('sign-up', () => {
  it(`stops the ${signupLimit.limit + 1}th company from one address in an hour, X-Forwarded-For rotated or not`, async () => {
    expect(signupLimit).toEqual({ limit: 10, windowMs: 60 * 60_000 });
    const peer = freshIp();
    const signUp = (index: number) =>
      call(signup, {
        method: 'POST',
        path: '/api/web/signup',
        ip: forwardedFor(peer, spoofed()),
        json: {
          name: 'Ada',
          surname: 'Lovelace',
          company: `Engines ${index}`,
          industry: 'technology',
          companySize: 'small',
          email: `signup-${Date.now().toString(36)}-${index}@example.test`,
          password: 'engine-pass-2026',
        },
      });
    const first = await Promise.all(Array.from({ length: signupLimit.limit }, (_, index) => signUp(index)));
    const statuses = [...first.map((response) => response.status), (await signUp(signupLimit.limit)).status];
    expect(statuses.slice(0, signupLimit.limit)).toEqual(Array(signupLimit.limit).fill(200));
    expect(statuses[signupLimit.limit]).toBe(429);
  });
});

describe('the address the server hands to Next.js', () => {
  it('is the socket peer alone when no proxy is declared, and the chain plus the peer behind proxies', () => {
    expect(forwardedFor('192.0.2.9', '203.0.113.1')).toBe('192.0.2.9');
    expect(forwardedFor('192.0.2.9', undefined)).toBe('192.0.2.9');
    expect(forwardedFor('10.0.0.2', '203.0.113.1, 192.0.2.9', 1)).toBe('203.0.113.1, 192.0.2.9, 10.0.0.2');
  });
});
