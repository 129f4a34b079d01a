import { parentPort } from 'node:worker_threads';
import type { ReportData } from './data';
import { renderReportPdf, type RenderOptions } from './pdf';
import type { RenderReply, RenderRequest } from './render-messages';

/**
 * The thread that renders report PDFs, so pdfkit's long synchronous pass never holds the server's event loop.
 * Images arrive as Uint8Arrays (structured clone drops the Buffer class); pdfkit wants Buffers, views on the same
 * memory.
 */
function withBuffers(data: ReportData): ReportData {
  const asBuffer = <T extends { data: Uint8Array } | null>(image: T): T =>
    image ? { ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) } : image;
  return {
    ...data,
    attachments: data.attachments.map((attachment) => ({ ...attachment, image: asBuffer(attachment.image) })),
    signature: data.signature ? { ...data.signature, image: asBuffer(data.signature.image) } : null,
  };
}

/** The bytes over an ArrayBuffer of their own, which can be transferred (a pooled small Buffer cannot). */
function ownMemory(bytes: Buffer): Uint8Array<ArrayBuffer> {
  const memory = bytes.buffer;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === memory.byteLength;
  return whole && memory instanceof ArrayBuffer ? new Uint8Array(memory) : new Uint8Array(bytes);
}

async function answer(request: RenderRequest): Promise<RenderReply> {
  try {
    const options: RenderOptions = request.options;
    const pdf = await renderReportPdf(withBuffers(request.data), options);
    return { id: request.id, pdf: ownMemory(pdf) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

const port = parentPort;
if (port) {
  port.on('message', (request: RenderRequest) => {
    void answer(request).then((reply) => {
      // The PDF's memory moves to the main thread instead of being copied.
      port.postMessage(reply, 'pdf' in reply ? [reply.pdf.buffer] : []);
    });
  });
}
