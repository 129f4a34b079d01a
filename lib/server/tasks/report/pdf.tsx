import { renderToBuffer } from '@react-pdf/renderer';
import type { Language } from '@/lib/contract/languages';
import type { ReportData } from './data';
import { reportReader } from './format';
import { TaskReportDocument } from './report-document';

export interface RenderOptions {
  language: Language;
  twentyFourHour: boolean;
  timeZone: string;
  generatedAt?: Date;
}

/**
 * The PDF bytes of a report whose data are already read. Free of server-only code, so the bench can time it
 * outside Next.js.
 */
export async function renderReportPdf(data: ReportData, options: RenderOptions): Promise<Buffer> {
  const reader = reportReader(options);
  return renderToBuffer(<TaskReportDocument data={data} reader={reader} generatedAt={options.generatedAt ?? new Date()} />);
}
