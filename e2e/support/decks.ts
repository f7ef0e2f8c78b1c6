import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A real 16:9 PDF deck for browser tests: a heading per slide naming the company, one line of
 * body text (`lines[n]` on slide n, else `body`), and optionally incompressible padding so the
 * upload and the download take a moment (and pdf.js reads it in ranges above 128 KB).
 */
export async function samplePdf({
  company,
  slides,
  body,
  lines = {},
  paddingBytes = 0,
}: {
  company: string;
  slides: number;
  body: string;
  lines?: Record<number, string>;
  paddingBytes?: number;
}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let slide = 1; slide <= slides; slide += 1) {
    const page = document.addPage([960, 540]);
    page.drawText(`${company} slide ${slide}`, { x: 48, y: 420, size: 36, font });
    page.drawText(lines[slide] ?? body, { x: 48, y: 340, size: 20, font });
  }
  if (paddingBytes > 0) {
    // Random bytes do not compress, so the file keeps about this size.
    await document.attach(randomBytes(paddingBytes), 'appendix.bin', { mimeType: 'application/octet-stream' });
  }
  return Buffer.from(await document.save());
}
