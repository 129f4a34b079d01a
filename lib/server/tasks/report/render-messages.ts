import type { ReportData } from './data';
import type { RenderOptions } from './pdf';

/** What the main thread sends the render worker: one report to render, with an id to match the reply. */
export interface RenderRequest {
  id: number;
  data: ReportData;
  options: RenderOptions;
}

/** The worker's reply: the PDF bytes, or the error that stopped the render. */
export type RenderReply = { id: number; pdf: Uint8Array<ArrayBuffer> } | { id: number; error: string };
