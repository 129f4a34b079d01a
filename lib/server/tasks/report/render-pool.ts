import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@/lib/contract/errors';
import { env } from '@/lib/server/core/env';
import { HttpError } from '@/lib/server/core/errors';
import type { ReportData } from './data';
import type { RenderOptions } from './pdf';
import type { RenderReply, RenderRequest } from './render-messages';

/**
 * Report PDFs render in worker threads: pdfkit's pass over twenty photos is up to a second of synchronous work that
 * would hold every other request of every user. At most two renders run at once (one on a single core); the rest
 * wait in order.
 */
const poolSize = Math.max(1, Math.min(2, availableParallelism()));
/** A render still running after this is taken as hung: its worker is ended and the caller answered 503. */
const renderTimeoutMs = 60_000;

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
function startRenderWorker(): Worker {
  if (bundledByNext) return new Worker(new URL('./render-worker.ts', import.meta.url));
  return startRenderWorkerFromSources();
}

/** The render worker on its TypeScript entry, through tsx's loader (the bench, and the tests of the pool). */
export function startRenderWorkerFromSources(): Worker {
  const entry = import.meta.url.replace(/render-pool\.ts$/, 'render-worker.ts');
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
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

export interface RenderPoolOptions {
  size: number;
  timeoutMs: number;
  startWorker: () => Worker;
}

/** A bounded set of render workers, started on demand, with a queue of the renders waiting for one. */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(private readonly options: RenderPoolOptions) {}

  /** Workers started and not ended. */
  get workerCount(): number {
    return this.slots.length;
  }

  /**
   * Renders the report in a worker thread. The images' memory is transferred: `data` must not be read for its
   * images afterwards. A hung render rejects with the 503 HttpError, a failed one with an Error (a 500).
   */
  render(data: ReportData, options: RenderOptions): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const request = { id: this.nextId++, data, options };
      this.queue.push({ request, transfer: transferable(data), resolve, reject });
      this.dispatch();
    });
  }

  private settle(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    return job;
  }

  /** A worker that died or hung fails its job and is replaced on the next dispatch. */
  private discard(slot: Slot, error: unknown): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    this.settle(slot)?.reject(error);
    void slot.worker.terminate();
    this.dispatch();
  }

  private createSlot(): Slot {
    const slot: Slot = { worker: this.options.startWorker(), job: null, timer: null };
    slot.worker.on('message', (reply: RenderReply) => {
      if (slot.job?.request.id !== reply.id) return;
      const job = this.settle(slot);
      if ('pdf' in reply) job?.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else job?.reject(new Error(`The report render failed: ${reply.error}`));
      this.dispatch();
    });
    slot.worker.on('error', (error) => this.discard(slot, new Error('The report render worker failed.', { cause: error })));
    slot.worker.on('exit', (code) => this.discard(slot, new Error(`The report render worker stopped (exit code ${code}).`)));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = this.slots.find((candidate) => candidate.job === null);
      const slot = idle ?? (this.slots.length < this.options.size ? this.createSlot() : null);
      if (!slot) return;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.timer = setTimeout(() => this.discard(slot, renderUnavailable()), this.options.timeoutMs);
      slot.worker.ref();
      slot.worker.postMessage(job.request, job.transfer);
    }
    // An idle worker does not keep the process alive: the bench and the tests end on their own.
    for (const slot of this.slots) if (slot.job === null) slot.worker.unref();
  }
}

const pool = new RenderPool({ size: poolSize, timeoutMs: renderTimeoutMs, startWorker: startRenderWorker });

/**
 * The report's PDF bytes: from a worker thread wherever one can load (the Next.js server, tsx), else — under
 * vitest, which cannot start a worker on a TypeScript entry — rendered in this thread.
 */
export async function renderReport(data: ReportData, options: RenderOptions): Promise<Buffer> {
  if (rendersInWorker) return pool.render(data, options);
  const { renderReportPdf } = await import('./pdf');
  return renderReportPdf(data, options);
}
