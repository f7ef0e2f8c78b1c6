// @ts-check
// Stamps a visitor's watermark on every page of a PDF inside a worker thread, so a 300-page deck
// never holds the event loop. Plain ESM JavaScript, as processing/pdf.worker.mjs is: a worker
// thread gets no TypeScript loader under every runner we use. The message shapes are checked on
// the main thread by watermark-pool.ts.
import { parentPort } from 'node:worker_threads';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * Helvetica (one of the 14 standard fonts, so nothing is embedded and the file barely grows)
 * writes WinAnsi only: anything else becomes "?" rather than failing the file.
 * @param {string} text
 */
const winAnsi = (text) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * @param {Uint8Array} data
 * @param {string[]} lines what to write, e.g. ["Confidential", "ravi@northwind.vc", "2030-01-31"]
 */
async function stamp(data, lines) {
  const document = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const text = winAnsi(lines.join(' · '));
  const grey = rgb(0.5, 0.5, 0.5);
  for (const page of document.getPages()) {
    const { width, height } = page.getSize();
    // Across the page, large and faint: on screen and on paper alike.
    const size = Math.max(12, Math.min(48, (Math.hypot(width, height) * 0.8) / Math.max(1, text.length) / 0.5));
    const textWidth = font.widthOfTextAtSize(text, size);
    const angle = Math.atan2(height, width);
    page.drawText(text, {
      x: width / 2 - (Math.cos(angle) * textWidth) / 2,
      y: height / 2 - (Math.sin(angle) * textWidth) / 2,
      size,
      font,
      color: grey,
      opacity: 0.18,
      rotate: degrees((angle * 180) / Math.PI),
    });
    // And small along the foot, where a crop of the page keeps it.
    page.drawText(text, { x: 12, y: 8, size: 8, font, color: grey, opacity: 0.8 });
  }
  return document.save({ useObjectStreams: false });
}

const port = parentPort;
if (!port) throw new Error('watermark.worker.mjs runs only as a worker thread');
port.on('message', async (/** @type {{ jobId: number, data: Uint8Array, lines: string[] }} */ message) => {
  try {
    const bytes = await stamp(message.data, message.lines);
    port.postMessage({ jobId: message.jobId, ok: true, data: bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({
      jobId: message.jobId,
      ok: false,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
});
port.postMessage({ ready: true });
