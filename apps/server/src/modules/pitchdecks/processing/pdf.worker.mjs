// @ts-check
// Parses one PDF per message inside a worker thread so a 300-page deck never blocks the event
// loop. Plain ESM JavaScript on purpose: a worker thread gets no TypeScript loader under every
// runner we use (tsx in production, vitest in tests), and this file needs none. The message
// shapes are checked on the main thread by processing/pdf-pool.ts.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { storablePageText } from './page-text.mjs';
import { fitsDecodedBudget } from './pdf-decoded-size.mjs';

const require = createRequire(import.meta.url);
const packageRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads the 14 standard fonts' metrics from here; the machine has no network.
const standardFontDataUrl = `${path.join(packageRoot, 'standard_fonts')}${path.sep}`;
const cMapUrl = `${path.join(packageRoot, 'cmaps')}${path.sep}`;

/**
 * @typedef {{ title: string | null, minFontSize: number | null, bodyFontSize: number | null }} PageLayout
 */

const tenth = (/** @type {number} */ size) => Math.round(size * 10) / 10;

/** A card's picture of page 1: wide enough for the widest card on a 2x screen. */
const thumbnailWidth = 640;
/** A page drawn taller than this (a scroll, a poster) is cut: a card shows its top anyway. */
const thumbnailMaxHeight = 1280;
/**
 * A slide draws in well under a thousand operations; a page of hundreds of thousands (a hostile
 * file, a plotted point cloud) would hold the worker for many seconds for a card's picture.
 */
const thumbnailMaxOperations = 20_000;
/** However a page is made, drawing it stops after this long. */
const thumbnailBudgetMs = 3_000;

/**
 * Page 1 as a WebP for the deck cards, drawn with the canvas pdf.js brings along for Node; null
 * when it cannot be drawn (no canvas on this platform, a page pdf.js cannot paint): the cards
 * then draw the PDF themselves, so a picture is never a reason to fail a deck.
 * @param {import('pdfjs-dist').PDFDocumentProxy} document
 * @returns {Promise<Uint8Array | null>}
 */
async function drawThumbnail(document) {
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    if (natural.width <= 0 || natural.height <= 0) return null;
    // Read once: the drawing below reuses this list rather than building it again.
    const operations = await page.getOperatorList();
    if (operations.fnArray.length > thumbnailMaxOperations) return null;
    const viewport = page.getViewport({ scale: thumbnailWidth / natural.width });
    const height = Math.min(thumbnailMaxHeight, Math.round(viewport.height));
    const target = document.canvasFactory.create(thumbnailWidth, height);
    // White first: a page without a background is transparent, which reads as black in WebP.
    target.context.fillStyle = '#ffffff';
    target.context.fillRect(0, 0, thumbnailWidth, height);
    const drawing = page.render({ canvasContext: target.context, canvas: target.canvas, viewport });
    const stop = setTimeout(() => drawing.cancel(), thumbnailBudgetMs);
    try {
      await drawing.promise;
    } finally {
      clearTimeout(stop);
    }
    const webp = await target.canvas.encode('webp', 80);
    document.canvasFactory.destroy(target);
    page.cleanup();
    // A copy the worker owns alone, so it can be handed to the main thread whole.
    return new Uint8Array(webp);
  } catch {
    return null;
  }
}

/**
 * What the deck analysis reads of a page's type: its title (the runs set in the page's largest
 * size, when that stands out from the body), the body's size (the one most characters are set
 * in) and the smallest size on the page. Sizes are bucketed to half points: decks set a size as
 * 23.99 on one line and 24.01 on the next.
 * @param {{ str: string, size: number }[]} runs
 * @returns {PageLayout}
 */
function layoutOf(runs) {
  if (runs.length === 0) return { title: null, minFontSize: null, bodyFontSize: null };
  /** @type {Map<number, number>} */
  const charsBySize = new Map();
  let smallest = Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const { str, size } of runs) {
    const bucket = Math.round(size * 2) / 2;
    charsBySize.set(bucket, (charsBySize.get(bucket) ?? 0) + str.trim().length);
    smallest = Math.min(smallest, size);
    largest = Math.max(largest, size);
  }
  let bodyFontSize = 0;
  let mostChars = -1;
  for (const [size, chars] of charsBySize) {
    if (chars > mostChars || (chars === mostChars && size < bodyFontSize)) {
      bodyFontSize = size;
      mostChars = chars;
    }
  }
  const largestBucket = Math.round(largest * 2) / 2;
  const title =
    largestBucket > bodyFontSize * 1.15
      ? runs
          .filter(({ size }) => Math.round(size * 2) / 2 === largestBucket)
          .map(({ str }) => str.trim())
          .join(' ')
          .replace(/\s+/g, ' ')
          .slice(0, 300)
      : null;
  return { title: title ? storablePageText(title) : null, minFontSize: tenth(smallest), bodyFontSize };
}

/**
 * @param {Uint8Array} data
 * @param {number} maxPages
 * @param {{ maxDecodedBytes: number, maxImageBytes: number }} limits
 * @param {{ thumbnail: boolean }} options
 */
async function parse(data, maxPages, limits, options) {
  // Before pdf.js sees the file: pdf.js would hold whatever its streams inflate to.
  if (!(await fitsDecodedBudget(data, limits))) {
    return {
      ok: false,
      reason:
        'This PDF expands to far more data than a deck can hold. Export it again from your slides app and upload the new file.',
    };
  }
  const task = getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pageCount = document.numPages;
    if (pageCount > maxPages) {
      // pdf-pool.ts words it with the contract's sentence, which the browser shows too.
      return { ok: false, tooManyPages: pageCount };
    }
    /** @type {string[]} */
    const pages = [];
    /** @type {PageLayout[]} */
    const layouts = [];
    let minFontSize = Number.POSITIVE_INFINITY;
    let maxFontSize = 0;
    for (let number = 1; number <= pageCount; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      /** @type {{ str: string, size: number }[]} */
      const runs = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
        if (item.str.trim() === '') continue;
        // The text matrix's vertical scale is the rendered font size in points.
        const size = Math.hypot(item.transform[2], item.transform[3]);
        if (size >= 1) {
          minFontSize = Math.min(minFontSize, size);
          maxFontSize = Math.max(maxFontSize, size);
          runs.push({ str: item.str, size });
        }
      }
      pages.push(storablePageText(text.replace(/[ \t]+/g, ' ').trim()));
      layouts.push(layoutOf(runs));
      page.cleanup();
    }
    const hasText = maxFontSize > 0;
    return {
      ok: true,
      pageCount,
      pages,
      layouts,
      fontSizes: hasText ? { min: Math.round(minFontSize * 10) / 10, max: Math.round(maxFontSize * 10) / 10 } : null,
      thumbnail: options.thumbnail ? await drawThumbnail(document) : null,
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      return { ok: false, reason: 'The PDF is protected by a password. Export it without one and upload it again.' };
    }
    return {
      ok: false,
      reason: 'The file could not be read as a PDF. Export the deck to PDF again and upload the new file.',
    };
  } finally {
    await task.destroy();
  }
}

/**
 * @typedef {{ jobId: number, data: Uint8Array, maxPages: number, limits: { maxDecodedBytes: number, maxImageBytes: number } }} ParseMessage
 */
parentPort?.on('message', async (/** @type {ParseMessage} */ message) => {
  const result = await parse(message.data, message.maxPages, message.limits, { thumbnail: true });
  // The picture's bytes move to the main thread rather than being copied.
  const transfer = result.ok && result.thumbnail ? [result.thumbnail.buffer] : [];
  parentPort?.postMessage({ jobId: message.jobId, result }, transfer);
});

/** A one-page PDF in the two fonts decks use most, written here so a worker can warm itself up. */
function warmUpPdf() {
  const content = 'BT /F1 24 Tf 72 400 Td (Warm up) Tj /F2 12 Tf 0 -40 Td (the parser) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.7\n';
  const offsets = objects.map((body, index) => {
    const at = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  const rows = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

// A fresh worker's first parse takes ten times its later ones (pdf.js loads its font metrics
// and its code is not yet compiled): that cost is paid here, before the worker takes a deck.
// Drawing warms up too: the canvas's native module loads on the first picture.
await parse(warmUpPdf(), 1, { maxDecodedBytes: 1024 * 1024, maxImageBytes: 1024 * 1024 }, { thumbnail: true });
// The pool starts a deck's clock only once its worker says so.
parentPort?.postMessage({ ready: true });
