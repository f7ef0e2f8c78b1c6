// @ts-check
// Parses one PDF per message inside a worker thread so a 300-page deck never blocks the event
// loop. Plain ESM JavaScript on purpose: a worker thread gets no TypeScript loader under every
// runner we use (tsx in production, vitest in tests), and this file needs none. The message
// shapes are checked on the main thread by processing/pdf-pool.ts.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const packageRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads the 14 standard fonts' metrics from here; the machine has no network.
const standardFontDataUrl = `${path.join(packageRoot, 'standard_fonts')}${path.sep}`;
const cMapUrl = `${path.join(packageRoot, 'cmaps')}${path.sep}`;

/**
 * @param {Uint8Array} data
 * @param {number} maxPages
 */
async function parse(data, maxPages) {
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
      return { ok: false, reason: `The deck has ${pageCount} pages; decks can have at most ${maxPages}.` };
    }
    /** @type {string[]} */
    const pages = [];
    let minFontSize = Number.POSITIVE_INFINITY;
    let maxFontSize = 0;
    for (let number = 1; number <= pageCount; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
        if (item.str.trim() === '') continue;
        // The text matrix's vertical scale is the rendered font size in points.
        const size = Math.hypot(item.transform[2], item.transform[3]);
        if (size >= 1) {
          minFontSize = Math.min(minFontSize, size);
          maxFontSize = Math.max(maxFontSize, size);
        }
      }
      pages.push(text.replace(/[ \t]+/g, ' ').trim());
      page.cleanup();
    }
    const hasText = maxFontSize > 0;
    return {
      ok: true,
      pageCount,
      pages,
      fontSizes: hasText ? { min: Math.round(minFontSize * 10) / 10, max: Math.round(maxFontSize * 10) / 10 } : null,
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

parentPort?.on('message', async (/** @type {{ jobId: number, data: Uint8Array, maxPages: number }} */ message) => {
  const result = await parse(message.data, message.maxPages);
  parentPort?.postMessage({ jobId: message.jobId, result });
});
