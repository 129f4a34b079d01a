import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/server/core/errors';
import type { ReportData } from '@/lib/server/tasks/report/data';
import { embeddableImage } from '@/lib/server/tasks/report/images';
import { RenderPool, startRenderWorkerFromSources } from '@/lib/server/tasks/report/render-pool';
import { pngImage, smallJpeg } from '../api/tasks/report-images';
import { makeTask } from './task-list/fixtures';

const options = { language: 'en' as const, twentyFourHour: true, timeZone: 'Europe/Rome' };

function reportData(): ReportData {
  const uploadedDate = new Date('2026-03-02T09:30:00Z');
  return {
    companyName: 'Pool Test Srl',
    task: makeTask({ referenceNumber: 42, title: 'Boiler repair' }),
    notes: [{ note: 'Checked the burner.', author: 'Giulia Rossi', date: uploadedDate }],
    attachments: [
      // Copies, so each has an ArrayBuffer of its own that the pool can transfer.
      { filename: 'photo.jpg', description: 'Site photo', uploadedDate, uploader: 'Giulia Rossi', image: embeddableImage(new Uint8Array(smallJpeg)) },
      { filename: 'plan.png', description: null, uploadedDate, uploader: null, image: embeddableImage(new Uint8Array(pngImage(40, 30))) },
    ],
    signature: { uploadedDate, image: embeddableImage(new Uint8Array(pngImage(60, 20))) },
  };
}

/** A worker that never answers, like a render stuck in an endless loop. */
const hangingWorker = () => new Worker('setInterval(() => {}, 1000);', { eval: true });

describe('the report render pool', () => {
  it('renders the PDF in a worker thread from the task data, moving the image memory instead of copying it', async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 60_000, startWorker: startRenderWorkerFromSources });
    const data = reportData();
    const photo = data.attachments[0].image?.data;
    const pdf = await pool.render(data, options);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.byteLength).toBeGreaterThan(1000);
    expect(photo?.buffer.byteLength, 'the photo was transferred to the worker').toBe(0);
  });

  it('starts no more workers than its size and renders the rest in turn', async () => {
    let started = 0;
    const pool = new RenderPool({
      size: 1,
      timeoutMs: 60_000,
      startWorker: () => {
        started += 1;
        return startRenderWorkerFromSources();
      },
    });
    const pdfs = await Promise.all([pool.render(reportData(), options), pool.render(reportData(), options), pool.render(reportData(), options)]);
    expect(pdfs.map((pdf) => pdf.subarray(0, 5).toString('latin1'))).toEqual(['%PDF-', '%PDF-', '%PDF-']);
    expect(started).toBe(1);
  });

  it('answers 503 with the unavailable code when a render hangs, and ends that worker', async () => {
    const pool = new RenderPool({ size: 1, timeoutMs: 300, startWorker: hangingWorker });
    const failure = await pool.render(reportData(), options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 503, code: 'request.unavailable' });
    expect(pool.workerCount).toBe(0);
  });

  it('fails the render with a plain error (a 500) when the worker crashes, and starts a new worker for the next', async () => {
    let crash = true;
    const pool = new RenderPool({
      size: 1,
      timeoutMs: 60_000,
      startWorker: () => {
        if (!crash) return startRenderWorkerFromSources();
        crash = false;
        return new Worker("throw new Error('pdfkit exploded');", { eval: true });
      },
    });
    const failure = await pool.render(reportData(), options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(HttpError);
    const pdf = await pool.render(reportData(), options);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
