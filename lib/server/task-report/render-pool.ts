import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@/lib/contract/errors';
import { env } from '@/lib/server/env';
import { HttpError } from '@/lib/server/http/errors';
import type { ReportData } from './data';
import type { RenderOptions } from './pdf';
import type { RenderReply, RenderRequest } from './render-messages';

/**
 * Report PDFs render in worker threads: pdfkit's pass over twenty photos is up to a second of synchronous work that
 * would hold every other request of every user. At most `poolSize` renders run at once; the rest wait in order.
 */
const poolSize = Math.max(1, Math.min(2, availableParallelism()));
/** A render still running after this is taken as hung: its worker is ended and the caller answered 503. */
export const renderTimeoutMs = 60_000;

interface Job {
  request: RenderRequest;
  transfer: ArrayBuffer[];
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const renderUnavailable = () =>
  new HttpError(503, ErrorCode.unavailable, 'The report could not be prepared in time. Please try again.');

/**
 * Next.js sets NEXT_RUNTIME in its server (and inlines it into the server bundle). There Turbopack has bundled the
 * worker entry below; bundled, import.meta.url still names the .ts source, so it cannot tell the two apart.
 */
const bundledByNext = env.nextRuntime === 'nodejs';
const underTsx = process.execArgv.some((argument) => argument.includes('tsx'));

/** Whether reports render in worker threads here: always in the Next.js server; from the sources only under tsx. */
export const rendersInWorker = bundledByNext || underTsx;

/**
 * Turbopack follows `new Worker(new URL(..., import.meta.url))` in server code and emits the entry, with everything
 * it imports, as a chunk of its own ("[worker thread]-lib_server_task-report_render-worker_ts_….js" under
 * .next/server/chunks), the URL pointing at it. Run from the TypeScript sources under tsx (the bench), the entry
 * is the .ts file, loaded through tsx's loader registered in the worker first: a worker does not pick up the
 * loader tsx gives the main thread.
 */
function startWorker(): Worker {
  if (bundledByNext) return new Worker(new URL('./render-worker.ts', import.meta.url));
  const entry = import.meta.url.replace(/render-pool\.ts$/, 'render-worker.ts');
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
}

const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;

function settle(slot: Slot): Job | null {
  const job = slot.job;
  if (slot.timer) clearTimeout(slot.timer);
  slot.job = null;
  slot.timer = null;
  return job;
}

function removeSlot(slot: Slot): void {
  const index = slots.indexOf(slot);
  if (index >= 0) slots.splice(index, 1);
}

/** A worker that died or hung fails its job and is replaced on the next dispatch. */
function discard(slot: Slot, error: unknown): void {
  removeSlot(slot);
  settle(slot)?.reject(error);
  void slot.worker.terminate();
  dispatch();
}

function createSlot(): Slot {
  const slot: Slot = { worker: startWorker(), job: null, timer: null };
  slot.worker.on('message', (reply: RenderReply) => {
    if (slot.job?.request.id !== reply.id) return;
    const job = settle(slot);
    if ('pdf' in reply) job?.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    else job?.reject(new Error(`The report render failed: ${reply.error}`));
    dispatch();
  });
  slot.worker.on('error', (error) => discard(slot, new Error('The report render worker failed.', { cause: error })));
  slot.worker.on('exit', (code) => discard(slot, new Error(`The report render worker stopped (exit code ${code}).`)));
  // An idle pool does not keep the process alive (the bench and the tests end on their own).
  slot.worker.unref();
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length > 0) {
    const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < poolSize ? createSlot() : null);
    if (!slot) return;
    const job = queue.shift();
    if (!job) return;
    slot.job = job;
    slot.timer = setTimeout(() => discard(slot, renderUnavailable()), renderTimeoutMs);
    slot.worker.ref();
    slot.worker.postMessage(job.request, job.transfer);
  }
  for (const slot of slots) if (slot.job === null) slot.worker.unref();
}

/** Image memory handed over whole moves to the worker; a view on a shared or pooled buffer is copied. */
function transferable(data: ReportData): ArrayBuffer[] {
  const images = [...data.attachments.map((attachment) => attachment.image), data.signature?.image ?? null];
  const buffers = new Set<ArrayBuffer>();
  for (const image of images) {
    if (!image) continue;
    const memory = image.data.buffer;
    const whole = image.data.byteOffset === 0 && image.data.byteLength === memory.byteLength;
    if (whole && memory instanceof ArrayBuffer) buffers.add(memory);
  }
  return [...buffers];
}

/**
 * Renders the report in a worker thread. The images' memory is transferred: `data` must not be read for its
 * images afterwards.
 */
export function renderInWorker(data: ReportData, options: RenderOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    queue.push({ request: { id: nextId++, data, options }, transfer: transferable(data), resolve, reject });
    dispatch();
  });
}

/**
 * The report's PDF bytes: from a worker thread wherever one can load (the Next.js server, tsx), else — under
 * vitest, which cannot start a worker on a TypeScript entry — rendered in this thread.
 */
export async function renderReport(data: ReportData, options: RenderOptions): Promise<Buffer> {
  if (rendersInWorker) return renderInWorker(data, options);
  const { renderReportPdf } = await import('./pdf');
  return renderReportPdf(data, options);
}
