import { beforeAll, describe, expect, it } from 'vitest';
import { GET as me } from '@/app/api/web/users/me/route';
import { POST as uploadPicture } from '@/app/api/web/users/[id]/profile-picture/route';
import { GET as servePicture } from '@/app/api/web/users/[id]/profile-picture/[pictureId]/route';
import type { ProfilePictureView } from '@/lib/contract/profile';
import { jpegBytes, pdfBytes, pngBytes, svgWithScript } from '../support/sample-files';
import { createCompany, createUser } from './setup/fixtures';
import { expectTenantIsolation, signIn } from './setup/http';
import { callAny, fileForm, storedFileCount } from './task-files/helpers';
import { expectError, useTemporaryStorage } from './tasks/helpers';

let storageDir: string;
let a: Awaited<ReturnType<typeof createCompany>>;
let b: Awaited<ReturnType<typeof createCompany>>;
let ownerA: string;
let workerA: string;
let ownerB: string;

beforeAll(async () => {
  storageDir = useTemporaryStorage();
  a = await createCompany();
  b = await createCompany();
  [ownerA, workerA, ownerB] = await Promise.all([signIn(a.owner.username), signIn(a.worker.username), signIn(b.owner.username)]);
});

const ascii = (text: string) => new TextEncoder().encode(text);

/** A WebP's RIFF header with a VP8 chunk, enough for content detection. */
function webpBytes(): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set(ascii('RIFF'));
  new DataView(bytes.buffer).setUint32(4, 56, true);
  bytes.set(ascii('WEBPVP8 '), 8);
  return bytes;
}

function upload(userId: number, bytes: Uint8Array, cookie: string, name = 'avatar.png') {
  return callAny<ProfilePictureView>(uploadPicture, { method: 'POST', params: { id: userId }, body: fileForm(name, bytes), cookie });
}

describe('POST users/{id}/profile-picture', () => {
  it('stores a worker’s own picture, sets it on the user and serves its bytes back', async () => {
    const bytes = pngBytes(30, 30);
    const result = await upload(a.worker.id, bytes, workerA, 'blob');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({ id: expect.any(Number), userId: a.worker.id });
    const current = await callAny<{ profilePictureId: number }>(me, { cookie: workerA });
    expect(current.body.profilePictureId).toBe(result.body.id);

    const served = await callAny(servePicture, { params: { id: a.worker.id, pictureId: result.body.id }, cookie: ownerA });
    expect(served.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.response.arrayBuffer())).toEqual(bytes);
  });

  it('takes JPEG and WebP, judged by their bytes', async () => {
    expect((await upload(a.worker.id, jpegBytes(), workerA, 'photo.bin')).status).toBe(200);
    expect((await upload(a.worker.id, webpBytes(), workerA, 'photo')).status).toBe(200);
  });

  it('retires the previous picture: its address answers 404 once a new one is set', async () => {
    const first = await upload(a.worker.id, pngBytes(10, 10), workerA);
    const second = await upload(a.worker.id, pngBytes(12, 12), workerA);
    expect((await callAny(servePicture, { params: { id: a.worker.id, pictureId: first.body.id }, cookie: workerA })).status).toBe(404);
    expect((await callAny(servePicture, { params: { id: a.worker.id, pictureId: second.body.id }, cookie: workerA })).status).toBe(200);
  });

  it('takes several uploads of one user at once, the last one to commit winning (no deadlock, no 500)', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => upload(a.worker.id, pngBytes(10 + index, 10), workerA)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const current = await callAny<{ profilePictureId: number }>(me, { cookie: workerA });
    expect(answers.map((answer) => answer.body.id)).toContain(current.body.profilePictureId);
  });

  it('refuses other kinds with 415 and stores nothing', async () => {
    const files = storedFileCount(storageDir);
    for (const [name, bytes] of [['a.pdf', pdfBytes()], ['a.svg', svgWithScript()], ['a.png', ascii('not an image at all')]] as const) {
      expectError(await upload(a.worker.id, bytes, workerA, name), 415, 'file.unsupportedType', 'The picture must be a PNG, JPEG or WebP image.');
    }
    expect(storedFileCount(storageDir)).toBe(files);
  });

  it('refuses a file of 2 MB or more with 413', async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(pngBytes(4, 4));
    expectError(await upload(a.worker.id, big, workerA), 413, 'file.tooLarge', 'The picture must be smaller than 2 MB.');
  });

  it("lets a users manager set anyone's picture in the tenant, but a worker only their own (403)", async () => {
    const colleague = await createUser(a.tenantId, { assignee: true });
    expect((await upload(colleague.id, pngBytes(8, 8), ownerA)).status).toBe(200);
    expectError(await upload(colleague.id, pngBytes(8, 8), workerA), 403, 'auth.forbidden');
  });

  it("answers 404 for another tenant's user, as for a missing one", async () => {
    await expectTenantIsolation({
      handler: uploadPicture,
      method: 'POST',
      params: { id: b.worker.id },
      otherTenantCookie: ownerA,
      ownerCookie: ownerB,
      body: fileForm('a.png', pngBytes(8, 8)),
    } as Parameters<typeof expectTenantIsolation>[0]);
    expectError(await upload(2_000_000_000, pngBytes(8, 8), ownerA), 404, 'user.notFound');
  });
});

describe('GET users/{id}/profile-picture/{pictureId}', () => {
  it("answers 404 to another tenant, and for a picture that is not the user's", async () => {
    const own = await upload(b.owner.id, pngBytes(9, 9), ownerB);
    expect(own.status).toBe(200);
    await expectTenantIsolation({
      handler: servePicture,
      params: { id: b.owner.id, pictureId: own.body.id },
      otherTenantCookie: ownerA,
      ownerCookie: ownerB,
    });
    const other = await callAny(servePicture, { params: { id: b.worker.id, pictureId: own.body.id }, cookie: ownerB });
    expect(other.status).toBe(404);
  });
});
