import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storedFiles, taskFiles, taskNotes, taskSignatures } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { fileStorage, newStorageKey } from '@/lib/server/integrations/storage';

export { pngImage, smallJpeg } from './report-images';

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
