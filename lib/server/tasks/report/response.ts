import 'server-only';
import { defaultLanguage, isLanguage, languageFromAcceptHeader, type Language } from '@/lib/contract/languages';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import type { Ctx } from '@/lib/server/core/ctx';
import { readReportData } from './data';
import { renderReport, rendersInWorker } from './render-pool';

/** The language the user reads the app in: their preference, else their browser's, else English. */
export function reportLanguage(ctx: Ctx, acceptLanguage: string | null): Language {
  const preferred = ctx.user.preferredLanguage;
  return (isLanguage(preferred) ? preferred : undefined) ?? languageFromAcceptHeader(acceptLanguage) ?? defaultLanguage;
}

/**
 * GET tasks/{id}/report: the task's PDF report, shown inline by the preview, or as a download. The file is named
 * after the task's reference number.
 */
export async function taskReportResponse(
  ctx: Ctx,
  taskId: number,
  options: { download: boolean; acceptLanguage: string | null },
): Promise<BodyAnswer> {
  const data = await readReportData(ctx, taskId);
  const renderStarted = performance.now();
  const pdf = await renderReport(data, {
    language: reportLanguage(ctx, options.acceptLanguage),
    twentyFourHour: ctx.user.preferredTimeFormat,
    timeZone: ctx.tenantTimeZone,
  });
  const renderMs = Math.round(performance.now() - renderStarted);
  return bodyAnswer({
    body: new Uint8Array(pdf),
    contentType: 'application/pdf',
    disposition: { type: options.download ? 'attachment' : 'inline', filename: `task-${data.task.referenceNumber}.pdf` },
    cacheControl: 'no-store',
    // Where and how long the PDF rendered, for the browser's network panel and the e2e check that the server
    // renders off its event loop.
    serverTiming: `pdf;desc="${rendersInWorker ? 'worker' : 'main-thread'}";dur=${renderMs}`,
    document: { sameOriginOnly: false },
  });
}
