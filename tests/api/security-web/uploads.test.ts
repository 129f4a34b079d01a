import { beforeAll, describe, expect, it } from 'vitest';
import { POST as importClients } from '@/app/api/web/clients/upload/csv/route';
import { POST as createTask } from '@/app/api/web/tasks/route';
import { GET as serveFile, PUT as replaceFile } from '@/app/api/web/tasks/[id]/files/[fileId]/route';
import { POST as uploadFile } from '@/app/api/web/tasks/[id]/files/route';
import { GET as serveSignature } from '@/app/api/web/tasks/[id]/signature/[signatureId]/route';
import { POST as addSignature } from '@/app/api/web/tasks/[id]/signature/route';
import { POST as importTasks } from '@/app/api/web/tasks/upload/csv/route';
import { POST as uploadPicture } from '@/app/api/web/users/[id]/profile-picture/route';
import { GET as servePicture } from '@/app/api/web/users/[id]/profile-picture/[pictureId]/route';
import { jpegBytes, pdfBytes, pngBytes, svgWithScript } from '../../support/sample-files';
import { call } from '../setup/http';
import { seedTask, taskCompany, useTemporaryStorage, type TaskCompany } from '../tasks/helpers';
import { callAny, fileForm, storedFileCount } from '../task-files/helpers';

let storageDir: string;
let a: TaskCompany;

beforeAll(async () => {
  storageDir = useTemporaryStorage();
  a = await taskCompany();
});

const MB = 1024 * 1024;
const ascii = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
};
/** `bytes`, padded with spaces to `size`: content detection still sees the kind, the size is past the limit. */
const padded = (bytes: Uint8Array, size: number) => concat(bytes, new Uint8Array(size - bytes.length).fill(0x20));

const html = ascii('<html><body><script>alert(document.cookie)</script></body></html>');
const zip = () => concat(ascii('PK\x03\x04'), new Uint8Array([20, 0, 0, 0, 8, 0]), new Uint8Array(64));
/** A real PNG header and image, then an HTML page with a script: a browser sniffing it could run the script. */
const pngThenHtml = () => concat(pngBytes(), html);

interface Upload {
  label: string;
  limitBytes: number;
  /** A file of the kind the call takes, so only its size is wrong when padded. */
  valid: () => { name: string; bytes: Uint8Array };
  send: Send;
  /** Sets up what the call needs (an attachment to replace) before the storage is counted. */
  open?: () => Promise<Send>;
}

type Send = (name: string, bytes: Uint8Array) => Promise<{ status: number; body: unknown }>;

const taskId = () => seedTask(a.tenantId, { typeId: a.types.survey });
const uploadTo = async (name: string, bytes: Uint8Array) => {
  const id = await taskId();
  return callAny(uploadFile, { method: 'POST', params: { id }, body: fileForm(name, bytes), cookie: a.cookie });
};

const uploads: Upload[] = [
  { label: 'POST tasks/{id}/files', limitBytes: 10 * MB, valid: () => ({ name: 'photo.png', bytes: pngBytes() }), send: uploadTo },
  {
    label: 'PUT tasks/{id}/files/{fileId}',
    limitBytes: 10 * MB,
    valid: () => ({ name: 'photo.png', bytes: pngBytes() }),
    send: uploadTo,
    open: async () => {
      const first = await uploadTo('first.png', pngBytes());
      const { id: fileId, taskId: id } = first.body as { id: number; taskId: number };
      return (name, bytes) => callAny(replaceFile, { method: 'PUT', params: { id, fileId }, body: fileForm(name, bytes), cookie: a.cookie });
    },
  },
  {
    label: 'POST tasks/{id}/signature',
    limitBytes: 1 * MB,
    valid: () => ({ name: 'blob', bytes: pngBytes() }),
    send: async (name, bytes) => callAny(addSignature, { method: 'POST', params: { id: await taskId() }, body: fileForm(name, bytes), cookie: a.cookie }),
  },
  {
    label: 'POST users/{id}/profile-picture',
    limitBytes: 2 * MB,
    valid: () => ({ name: 'me.png', bytes: pngBytes() }),
    send: (name, bytes) => callAny(uploadPicture, { method: 'POST', params: { id: a.owner.id }, body: fileForm(name, bytes), cookie: a.cookie }),
  },
  {
    label: 'POST tasks (attachments)',
    limitBytes: 10 * MB,
    valid: () => ({ name: 'order.pdf', bytes: pdfBytes() }),
    send: (name, bytes) => {
      const body = new FormData();
      body.set('task', JSON.stringify({ typeId: a.types.survey }));
      body.append('file', new File([bytes as BlobPart], name));
      return callAny(createTask, { method: 'POST', path: '/api/web/tasks', body, cookie: a.cookie });
    },
  },
  ...[
    ['POST tasks/upload/csv', importTasks],
    ['POST clients/upload/csv', importClients],
  ].map(([label, handler]) => ({
    label: label as string,
    limitBytes: 10 * MB,
    valid: () => ({ name: 'rows.csv', bytes: ascii('displayName\nAcme\n') }),
    send: (name: string, bytes: Uint8Array) => {
      const body = new FormData();
      body.set('csvFile', new File([bytes as BlobPart], name, { type: 'text/csv' }));
      return callAny(handler as typeof importTasks, { method: 'POST', query: { validateOnly: 'true' }, body, cookie: a.cookie });
    },
  })),
];

describe.each(uploads)('$label', ({ limitBytes, valid, send: sendNew, open }) => {
  it('answers 413 to a file past the size limit (the body streamed, no Content-Length) and stores nothing', async () => {
    const send = open ? await open() : sendNew;
    const files = storedFileCount(storageDir);
    const { name, bytes } = valid();
    const result = await send(name, padded(bytes, limitBytes + 1));
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(413);
    expect(storedFileCount(storageDir)).toBe(files);
  });

  it.each([
    ['an SVG with a script', 'drawing.svg', svgWithScript],
    ['an SVG named .png', 'drawing.png', svgWithScript],
    ['an HTML page named .png', 'page.png', () => html],
    ['a ZIP named as the accepted kind', 'archive.png', zip],
    ['a PDF named .jpg', 'scan.jpg', pdfBytes],
    ['a ZIP named .csv', 'rows.csv', zip],
    ['an HTML page', 'page.html', () => html],
  ])('answers 415 to %s and stores nothing', async (_kind, name, bytes) => {
    const send = open ? await open() : sendNew;
    const files = storedFileCount(storageDir);
    const result = await send(name, bytes());
    expect(result.status, JSON.stringify(result.body).slice(0, 200)).toBe(415);
    expect(storedFileCount(storageDir)).toBe(files);
  });
});

describe('a PNG with an HTML page appended (a polyglot)', () => {
  const headersOf = (response: Response) => ({
    type: response.headers.get('content-type'),
    nosniff: response.headers.get('x-content-type-options'),
    policy: response.headers.get('content-security-policy') ?? '',
  });

  it('is kept as a task file but served as image/png, nosniff, under a sandbox that runs no script', async () => {
    const uploaded = await uploadTo('photo.png', pngThenHtml());
    expect(uploaded.status).toBe(200);
    const { id: fileId, taskId: id } = uploaded.body as { id: number; taskId: number };
    const served = await callAny(serveFile, { params: { id, fileId }, path: `/api/web/tasks/${id}/files/${fileId}`, cookie: a.cookie });
    const headers = headersOf(served.response);
    expect(headers).toMatchObject({ type: 'image/png', nosniff: 'nosniff' });
    expect(headers.policy).toContain('sandbox');
    expect(headers.policy).toContain("default-src 'none'");
    const download = await callAny(serveFile, { params: { id, fileId }, query: { download: '1' }, cookie: a.cookie });
    expect(download.response.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('as a signature: served as image/png with nosniff and the sandbox', async () => {
    const id = await taskId();
    const added = await callAny(addSignature, { method: 'POST', params: { id }, body: fileForm('blob', pngThenHtml()), cookie: a.cookie });
    expect(added.status).toBe(200);
    const signatureId = (added.body as { id: number }).id;
    const served = await callAny(serveSignature, { params: { id, signatureId }, path: `/api/web/tasks/${id}/signature/${signatureId}`, cookie: a.cookie });
    expect(headersOf(served.response)).toMatchObject({ type: 'image/png', nosniff: 'nosniff' });
    expect(headersOf(served.response).policy).toContain('sandbox');
  });

  it('as a profile picture: served as image/png with nosniff and a policy that allows nothing', async () => {
    const added = await callAny(uploadPicture, { method: 'POST', params: { id: a.owner.id }, body: fileForm('me.png', pngThenHtml()), cookie: a.cookie });
    expect(added.status).toBe(200);
    const pictureId = (added.body as { id: number }).id;
    const path = `/api/web/users/${a.owner.id}/profile-picture/${pictureId}`;
    const served = await call(servePicture, { params: { id: a.owner.id, pictureId }, path, cookie: a.cookie });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('JPEG bytes named .png are refused as a task file: the name and the content must agree', async () => {
    expect((await uploadTo('photo.png', jpegBytes())).status).toBe(415);
  });
});
