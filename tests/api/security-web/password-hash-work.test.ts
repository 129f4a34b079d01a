import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as forgotPassword, PUT as resetPassword } from '@/app/api/web/forgot-password/route';
import { POST as login } from '@/app/api/web/login/route';
import { outbox } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser, testPassword } from '../setup/fixtures';
import { call, freshIp } from '../setup/http';

/** Every argon2 hash and verification the server runs, seen through the one library that does them. */
const argon2Work = vi.hoisted(() => ({ verifiedHashes: [] as string[], hashes: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    hash: (...args: Parameters<typeof actual.hash>) => {
      argon2Work.hashes++;
      return actual.hash(...args);
    },
    verify: (...args: Parameters<typeof actual.verify>) => {
      argon2Work.verifiedHashes.push(String(args[0]));
      return actual.verify(...args);
    },
  };
});

let company: Awaited<ReturnType<typeof createCompany>>;
let realHashParameters: string;

/** '$argon2id$v=19$m=19456,t=2,p=1': the algorithm, version and cost, without salt and digest. */
const parametersOf = (encodedHash: string) => encodedHash.split('$').slice(0, 4).join('$');

beforeAll(async () => {
  company = await createCompany();
  argon2Work.verifiedHashes.length = 0;
  expect((await tryLogin(company.worker.username, 'wrong-password')).status).toBe(401);
  expect(argon2Work.verifiedHashes).toHaveLength(1);
  realHashParameters = parametersOf(argon2Work.verifiedHashes[0]);
  expect(realHashParameters).toMatch(/^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+$/);
});

beforeEach(() => {
  argon2Work.verifiedHashes.length = 0;
  argon2Work.hashes = 0;
});

const tryLogin = (username: string, password: string) =>
  call(login, { method: 'POST', path: '/api/web/login', json: { username, password, rememberMe: false }, ip: freshIp() });

const tryReset = (username: string, token: string) =>
  call(resetPassword, {
    method: 'PUT',
    path: '/api/web/forgot-password',
    json: { username, token, newPassword: 'brand-new-pass-1' },
    ip: freshIp(),
  });

describe('login timing', () => {
  it('verifies the password against a hash of the same algorithm and cost for an unknown, a deleted and an inactive username', async () => {
    const deleted = await createUser(company.tenantId, { assignee: true, deleted: new Date() });
    const inactive = await createUser(company.tenantId, { assignee: true, active: false });
    for (const username of [`nobody-${Date.now().toString(36)}@example.test`, deleted.username, inactive.username]) {
      argon2Work.verifiedHashes.length = 0;
      expect((await tryLogin(username, testPassword)).status).toBe(401);
      expect(argon2Work.verifiedHashes.map(parametersOf), username).toEqual([realHashParameters]);
    }
  });
});

/** The token as the reset mail's link carries it. */
async function tokenMailedTo(username: string): Promise<string> {
  const db = await getDb();
  // The delivered text: the outbox's own body shows the link masked.
  const [mail] = await db.select({ body: outbox.secretBody }).from(outbox).where(eq(outbox.recipient, username)).orderBy(desc(outbox.id)).limit(1);
  return /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
}

describe('PUT forgot-password', () => {
  it('answers an unknown token, or a live token given with another username, with 404 before hashing the new password', async () => {
    expect((await tryReset(company.worker.username, 'not-a-live-token')).status).toBe(404);
    expect(argon2Work.hashes, 'no hash for an unknown link').toBe(0);
    const user = await createUser(company.tenantId, { assignee: true });
    expect((await call(forgotPassword, { method: 'POST', json: { username: user.username }, ip: freshIp() })).status).toBe(200);
    const token = await tokenMailedTo(user.username);
    expect(token).not.toBe('');
    argon2Work.hashes = 0;
    expect((await tryReset(company.owner.username, token)).status).toBe(404);
    expect(argon2Work.hashes, "no hash for a link given with another user's name").toBe(0);
    expect((await tryReset(user.username, token)).status).toBe(200);
    expect(argon2Work.hashes, 'the live link hashes the new password once').toBe(1);
  });
});
