import { pdfjs } from 'react-pdf';
import { getPdfOptions } from './pdf-setup';

/**
 * The page count of a local PDF, read by pdf.js on the app's shared worker. Loaded lazily with
 * pdf.js itself (pdf-page-count.ts), like the preview that reads the same file a moment later.
 */
export async function readPdfPageCount(file: Blob): Promise<number> {
  // A copy of the bytes: pdf.js hands its buffer to the worker, which detaches it.
  const data = new Uint8Array(await file.arrayBuffer());
  // Counting needs no fonts: only the shared worker, and no code compiled from a stranger's file.
  const { worker } = getPdfOptions('preview');
  const task = pdfjs.getDocument({ data, isEvalSupported: false, ...(worker ? { worker } : {}) });
  try {
    const document = await task.promise;
    return document.numPages;
  } finally {
    // Frees the document in the worker; the shared worker itself stays (getPdfOptions).
    void task.destroy();
  }
}
