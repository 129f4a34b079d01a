import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { storedFiles, taskFiles, taskNotes, taskSignatures } from '@/db/schema';
import { getDb } from '@/lib/server/db/client';
import { fileStorage, newStorageKey } from '@/lib/server/integrations/storage';

/** A 24×16 baseline JPEG, made once with an image encoder: the tests need a real JPEG and node has no encoder. */
export const smallJpeg = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AmgJLUgAP/9k=',
  'base64',
);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of the given size (a plain gradient), written with node:zlib. */
export function pngImage(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set([(x * 9) & 0xff, (y * 7) & 0xff, 120], start + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Owner {
  tenantId: number;
  userId: number;
}

/** Bytes in storage and their stored_files row, as an upload leaves them. */
export async function storeBytes(owner: Owner, bytes: Buffer, name: string, mimeType: string): Promise<number> {
  const storageKey = newStorageKey(owner.tenantId);
  await fileStorage().put(storageKey, bytes);
  const db = await getDb();
  const [stored] = await db
    .insert(storedFiles)
    .values({ tenantId: owner.tenantId, storageKey, originalName: name, mimeType, sizeBytes: bytes.length, uploaderId: owner.userId })
    .returning({ id: storedFiles.id });
  return stored.id;
}

export async function attachFile(
  owner: Owner,
  taskId: number,
  file: { bytes: Buffer; name: string; mimeType: string; description?: string; deleted?: Date },
): Promise<void> {
  const storedFileId = await storeBytes(owner, file.bytes, file.name, file.mimeType);
  const db = await getDb();
  await db.insert(taskFiles).values({
    tenantId: owner.tenantId,
    taskId,
    storedFileId,
    filename: file.name,
    description: file.description ?? null,
    uploaderId: owner.userId,
    deleted: file.deleted ?? null,
  });
}

export async function addSignature(
  owner: Owner,
  taskId: number,
  signature: { bytes: Buffer; uploadedDate: Date; deleted?: Date },
): Promise<void> {
  const storedFileId = await storeBytes(owner, signature.bytes, 'signature.png', 'image/png');
  const db = await getDb();
  await db.insert(taskSignatures).values({
    tenantId: owner.tenantId,
    taskId,
    storedFileId,
    filename: 'signature.png',
    uploaderId: owner.userId,
    uploadedDate: signature.uploadedDate,
    deleted: signature.deleted ?? null,
  });
}

export async function addNote(owner: Owner, taskId: number, note: string, date: Date, deleted?: Date): Promise<void> {
  const db = await getDb();
  await db.insert(taskNotes).values({ tenantId: owner.tenantId, taskId, note, authorId: owner.userId, date, deleted });
}

/** The PDF read back with poppler: its text page by page, page sizes and embedded images. */
export function readPdf(pdf: Buffer) {
  const folder = mkdtempSync(path.join(tmpdir(), 'fieldops-report-'));
  const file = path.join(folder, 'report.pdf');
  writeFileSync(file, pdf);
  const run = (tool: string, args: string[]) => execFileSync(`/usr/bin/${tool}`, args, { encoding: 'utf8' });
  const pages = run('pdftotext', ['-enc', 'UTF-8', file, '-']).split('\f').slice(0, -1);
  const info = run('pdfinfo', ['-f', '1', '-l', '999', file]);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({
    width: Math.round(Number(match[1])),
    height: Math.round(Number(match[2])),
  }));
  // pdfimages -list: page num type width height ...; soft masks of PNGs are listed as type 'smask'.
  const images = run('pdfimages', ['-list', file])
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length > 5 && columns[2] === 'image')
    .map((columns) => ({ page: Number(columns[0]), width: Number(columns[3]), height: Number(columns[4]) }));
  return { text: pages.join('\n'), pages, sizes, images };
}
