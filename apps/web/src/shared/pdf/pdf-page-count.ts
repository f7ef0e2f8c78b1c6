/** How long the page count may take before the upload goes ahead and the server counts instead. */
const countTimeoutMs = 8_000;

/**
 * The number of pages of a PDF the person just picked, or null when the browser cannot tell
 * (not a PDF pdf.js can open, pdf.js failed to load, or it took longer than 8 s). Null lets the
 * upload go ahead: the server reads every deck anyway and says what is wrong with it.
 */
export async function countPdfPages(file: Blob, timeoutMs = countTimeoutMs): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const count = import('./read-pdf-page-count')
    .then(({ readPdfPageCount }) => readPdfPageCount(file))
    .catch(() => null);
  try {
    return await Promise.race([count, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
