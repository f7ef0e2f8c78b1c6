import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** One slide of a generated deck. */
export type SampleSlide = { heading: string; body?: string[] };

/**
 * A real PDF deck built with pdf-lib: 16:9 pages, a heading per slide and body lines. The demo
 * seed, tests and benchmarks use it so they exercise the same parser real decks go through.
 */
export async function samplePdf(slides: SampleSlide[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  for (const [index, slide] of slides.entries()) {
    const page = document.addPage([960, 540]);
    page.drawRectangle({ x: 0, y: 500, width: 960, height: 40, color: rgb(0.13, 0.39, 0.85) });
    page.drawText(slide.heading, { x: 48, y: 420, size: 36, font: bold, color: rgb(0.1, 0.1, 0.15) });
    for (const [line, text] of (slide.body ?? []).entries()) {
      page.drawText(text, { x: 48, y: 360 - line * 34, size: 20, font: regular, color: rgb(0.25, 0.25, 0.3) });
    }
    page.drawText(`${index + 1} / ${slides.length}`, { x: 880, y: 24, size: 10, font: regular });
  }
  return document.save();
}
