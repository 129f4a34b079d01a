import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  clients,
  customFields,
  customFieldValues,
  storedFiles,
  taskFiles,
  taskNotes,
  taskSignatures,
  taskTypes,
  tasks,
  tenants,
  users,
} from '../../db/schema';
import { ensureReferenceData } from '../../lib/server/reference/data/defaults';
import type { Db } from '../../lib/server/core/db';
import { closeConnection, connection } from '../../lib/server/core/db';
import { loadCtx } from '../../lib/server/core/ctx';
import { fileStorage, newStorageKey } from '../../lib/server/integrations/storage';
import { readReportData } from '../../lib/server/tasks/report/data';
import { renderReportPdf } from '../../lib/server/tasks/report/pdf';
import { renderReport, rendersInWorker } from '../../lib/server/tasks/report/render-pool';
import { formatMs, summarise } from './stats';

const photoWidth = 3000;
const photoHeight = 2000;

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** A small deterministic generator, so every run encodes the same photos. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Soft colour fields with grain, like a phone photo of a wall or a boiler: compresses to 1–3 MB at quality 85. */
async function photo(seed: number): Promise<Buffer> {
  const next = random(seed);
  const pixels = Buffer.alloc(photoWidth * photoHeight * 3);
  const [r0, g0, b0] = [next() * 200, next() * 200, next() * 200];
  for (let y = 0; y < photoHeight; y += 1) {
    for (let x = 0; x < photoWidth; x += 1) {
      const wave = Math.sin((x + seed * 97) / 140) * 30 + Math.cos(y / 90) * 30;
      const grain = (next() - 0.5) * 36;
      const offset = (y * photoWidth + x) * 3;
      pixels[offset] = Math.max(0, Math.min(255, r0 + wave + grain));
      pixels[offset + 1] = Math.max(0, Math.min(255, g0 + wave * 0.6 + grain));
      pixels[offset + 2] = Math.max(0, Math.min(255, b0 - wave * 0.4 + grain));
    }
  }
  return sharp(pixels, { raw: { width: photoWidth, height: photoHeight, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function signatureImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 200 200, 300 90 S 480 40, 580 140" stroke="black" stroke-width="6" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function store(db: Db, tenantId: number, userId: number, bytes: Buffer, name: string, mimeType: string) {
  const storageKey = newStorageKey(tenantId);
  await fileStorage().put(storageKey, bytes);
  const [row] = await db
    .insert(storedFiles)
    .values({ tenantId, storageKey, originalName: name, mimeType, sizeBytes: bytes.length, uploaderId: userId })
    .returning({ id: storedFiles.id });
  return row.id;
}

/** A company, a dispatcher and one completed task with custom fields, notes, the photos, a PDF and a signature. */
async function buildTask(db: Db, photoCount: number) {
  await ensureReferenceData(db);
  const [tenant] = await db.insert(tenants).values({ displayName: 'Report Bench Srl' }).returning({ id: tenants.id });
  const tenantId = tenant.id;
  const [user] = await db
    .insert(users)
    .values({ tenantId, username: 'dispatcher@report.bench', name: 'Giulia', surname: 'Rossi', tasksManager: true })
    .returning({ id: users.id });
  const [type] = await db.insert(taskTypes).values({ tenantId, name: 'Boiler repair', durationMins: 90 }).returning({ id: taskTypes.id });
  const [client] = await db.insert(clients).values({ tenantId, displayName: 'Trattoria Da Mario' }).returning({ id: clients.id });
  const [field] = await db
    .insert(customFields)
    .values({ tenantId, fieldName: 'Customer PO number', fieldType: 'TEXT' })
    .returning({ id: customFields.id });
  const [task] = await db
    .insert(tasks)
    .values({
      tenantId,
      referenceNumber: 1,
      title: 'Boiler repair - Trattoria Da Mario',
      typeId: type.id,
      clientId: client.id,
      assigneeId: user.id,
      statusId: 4,
      appointmentDate: new Date(),
      durationMins: 90,
      locationAddress: 'Via Roma 1, 20121 Milano',
      contactName: 'Mario',
      contactSurname: 'Bianchi',
      description: 'Boiler makes a noise when it starts',
    })
    .returning({ id: tasks.id });
  await db.insert(customFieldValues).values({ tenantId, taskId: task.id, customFieldId: field.id, fieldValue: 'PO-4711' });
  await db.insert(taskNotes).values(
    Array.from({ length: 5 }, (_, index) => ({ tenantId, taskId: task.id, authorId: user.id, note: `Visit note ${index + 1}: checked the burner and the pressure.` })),
  );
  let photoBytes = 0;
  for (let index = 0; index < photoCount; index += 1) {
    const bytes = await photo(index + 1);
    photoBytes += bytes.length;
    const name = `photo-${String(index + 1).padStart(2, '0')}.jpg`;
    const storedFileId = await store(db, tenantId, user.id, bytes, name, 'image/jpeg');
    await db.insert(taskFiles).values({ tenantId, taskId: task.id, storedFileId, filename: name, description: `Site photo ${index + 1}`, uploaderId: user.id });
  }
  const manual = await store(db, tenantId, user.id, Buffer.from('%PDF-1.4\n%%EOF\n'), 'manual.pdf', 'application/pdf');
  await db.insert(taskFiles).values({ tenantId, taskId: task.id, storedFileId: manual, filename: 'manual.pdf', uploaderId: user.id });
  const signature = await store(db, tenantId, user.id, await signatureImage(), 'signature.png', 'image/png');
  await db.insert(taskSignatures).values({ tenantId, taskId: task.id, storedFileId: signature, filename: 'signature.png', uploaderId: user.id });
  return { userId: user.id, taskId: task.id, photoBytes };
}

export async function runTaskReportBench(args: string[]): Promise<void> {
  const runs = option(args, '--runs', 7);
  const photoCount = option(args, '--photos', 20);
  // --main-thread renders as the app did before the worker pool, for the comparison.
  const inWorker = rendersInWorker && !args.includes('--main-thread');
  const render = inWorker ? renderReport : renderReportPdf;
  const storageDir = mkdtempSync(path.join(tmpdir(), 'fieldops-report-bench-'));
  process.env.STORAGE_DIR = storageDir;
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = 'memory://';
  try {
    const database = await connection();
    await database.migrate();
    const generating = performance.now();
    const { userId, taskId, photoBytes } = await buildTask(database.db, photoCount);
    console.log(
      `task with ${photoCount} JPEG photos ${photoWidth}×${photoHeight} (${(photoBytes / 2 ** 20 / photoCount).toFixed(2)} MB each on average, ${(photoBytes / 2 ** 20).toFixed(1)} MB in all), built in ${formatMs(performance.now() - generating)}`,
    );
    const ctx = await loadCtx(database.db, userId, 'bench', 'session');
    if (!ctx) throw new Error('bench user could not act');
    const options = { language: 'en' as const, twentyFourHour: true, timeZone: ctx.tenantTimeZone };

    const totals: number[] = [];
    const renders: number[] = [];
    const blocked: number[] = [];
    let size = 0;
    for (let run = 0; run <= runs; run += 1) {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const started = performance.now();
      const data = await readReportData(ctx, taskId);
      const rendering = performance.now();
      const pdf = await render(data, options);
      const finished = performance.now();
      loop.disable();
      size = pdf.byteLength;
      // Run 0 warms the module and font caches and is not counted.
      if (run === 0) continue;
      totals.push(finished - started);
      renders.push(finished - rendering);
      blocked.push(loop.max / 1e6);
    }
    const total = summarise(totals);
    const renderTimes = summarise(renders);
    const block = summarise(blocked);
    console.log(`runs: ${runs} (after one warm-up), rendered ${inWorker ? 'in a worker thread' : 'on the main thread'}`);
    console.log(`whole call (read + render): median ${formatMs(total.median)}, p95 ${formatMs(total.p95)}, max ${formatMs(total.max)}`);
    console.log(`render alone:               median ${formatMs(renderTimes.median)}, p95 ${formatMs(renderTimes.p95)}`);
    console.log(`main thread's longest event-loop block: median ${formatMs(block.median)}, max ${formatMs(block.max)}`);
    console.log(`PDF size: ${(size / 2 ** 20).toFixed(1)} MB`);
    console.log(`target ≤ 3000 ms: ${total.p95 <= 3000 ? 'met' : 'NOT met'} (p95)`);
  } finally {
    await closeConnection();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
