import { describe, expect, it } from 'vitest';
import { imageProblem } from '@/components/tasks/drawer/attachments/file-urls';
import { FileDescriptionBody, isImageName, previewKindOf } from '@/lib/contract/task-files';
import { isServedFilePath } from '@/lib/server/http/served-files';
import { contentDisposition } from '@/lib/server/http/answer';
import { detectUploadType, isPng, isWbmp } from '@/lib/server/integrations/storage/upload-checks';
import { elfBytes, jpegBytes, pdfBytes, pngBytes, svgWithScript, wbmpBytes } from '../../support/sample-files';

describe('WBMP by its header', () => {
  it('accepts a type-0 header whose width × height fills the bytes exactly, rows padded to whole bytes', () => {
    expect(isWbmp(wbmpBytes(16, 2))).toBe(true);
    expect(isWbmp(wbmpBytes(9, 3))).toBe(true); // 9 pixels need 2 bytes a row
  });

  it('refuses a length that does not fit, a non-zero type, and zero dimensions', () => {
    expect(isWbmp(wbmpBytes(16, 2, 1))).toBe(false);
    expect(isWbmp(wbmpBytes(16, 2).subarray(0, 5))).toBe(false);
    const typed = wbmpBytes(16, 2);
    typed[0] = 1;
    expect(isWbmp(typed)).toBe(false);
    expect(isWbmp(new Uint8Array([0, 0, 0, 0]))).toBe(false);
  });

  it('reads multi-byte widths (a width of 200 takes two bytes)', () => {
    const rows = 1;
    const bytes = new Uint8Array(5 + 25 * rows);
    bytes.set([0, 0, 0x81, 0x48, rows]);
    expect(isWbmp(bytes)).toBe(true);
  });
});

describe('the upload type: content and extension must agree', () => {
  it('names the stored mime type of an accepted image', async () => {
    expect(await detectUploadType('a.JPG', jpegBytes(), ['image'])).toBe('image/jpeg');
    expect(await detectUploadType('a.png', pngBytes(), ['image'])).toBe('image/png');
    expect(await detectUploadType('a.wbmp', wbmpBytes(), ['image'])).toBe('image/vnd.wap.wbmp');
  });

  it('refuses renamed executables, SVG under any kind, and types the call does not take', async () => {
    expect(await detectUploadType('photo.jpg', elfBytes(), ['image'])).toBeNull();
    expect(await detectUploadType('x.svg', svgWithScript(), ['image', 'pdf', 'csv'])).toBeNull();
    expect(await detectUploadType('report.pdf', pdfBytes(), ['image'])).toBeNull();
    expect(await detectUploadType('report.pdf', pdfBytes(), ['pdf'])).toBe('application/pdf');
    expect(await detectUploadType('report.pdf', pngBytes(), ['pdf'])).toBeNull();
  });

  it('takes a CSV only as text', async () => {
    expect(await detectUploadType('a.csv', new TextEncoder().encode('a,b\n1,2\n'), ['csv'])).toBe('text/csv');
    expect(await detectUploadType('a.csv', pngBytes(), ['csv'])).toBeNull();
    expect(await detectUploadType('a.csv', new Uint8Array([0x61, 0x00, 0x62]), ['csv'])).toBeNull();
  });

  it('knows a PNG by its signature bytes alone', () => {
    expect(isPng(pngBytes())).toBe(true);
    expect(isPng(jpegBytes())).toBe(false);
  });
});

describe('Content-Disposition (RFC 5987)', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Rapporto "finale" (1)*.png')).toBe(
      `attachment; filename="Rapporto _finale_ (1)*.png"; filename*=UTF-8''Rapporto%20%22finale%22%20%281%29%2A.png`,
    );
    expect(contentDisposition('inline', 'ñandú.jpg')).toBe(`inline; filename="_and_.jpg"; filename*=UTF-8''%C3%B1and%C3%BA.jpg`);
  });
});

describe('client rules of spec 01 §5', () => {
  it('previews images, PDF and CSV only', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.bmp', 'a.gif', 'a.tif', 'a.tiff'].map(previewKindOf)).toEqual(Array(7).fill('image'));
    expect(previewKindOf('a.pdf')).toBe('pdf');
    expect(previewKindOf('a.csv')).toBe('csv');
    expect(previewKindOf('a.wbmp')).toBeNull();
    expect(previewKindOf('a.docx')).toBeNull();
  });

  it('checks the type by extension and the size under 10MB before sending', () => {
    expect(isImageName('x.wbmp')).toBe(true);
    expect(imageProblem({ name: 'x.svg', size: 10 })).toBe('imageType');
    expect(imageProblem({ name: 'x.png', size: 10 * 1024 * 1024 })).toBe('imageSize');
    expect(imageProblem({ name: 'x.png', size: 10 * 1024 * 1024 - 1 })).toBeNull();
  });

  it('trims a description, clears it when empty and refuses more than 100 characters', () => {
    expect(FileDescriptionBody.parse({ description: '  Meter  ' }).description).toBe('Meter');
    expect(FileDescriptionBody.parse({ description: '   ' }).description).toBeNull();
    expect(FileDescriptionBody.safeParse({ description: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('the paths that serve uploaded bytes', () => {
  it('are the file and signature downloads, not the lists or other calls', () => {
    expect(isServedFilePath('/api/web/tasks/12/files/7')).toBe(true);
    expect(isServedFilePath('/api/web/tasks/12/signature/3')).toBe(true);
    expect(isServedFilePath('/api/web/tasks/12/report')).toBe(true);
    expect(isServedFilePath('/api/web/tasks/12/files')).toBe(false);
    expect(isServedFilePath('/api/web/tasks/12/files/7/description')).toBe(false);
    expect(isServedFilePath('/api/web/tasks/files/search')).toBe(false);
  });
});
