import { type ReactNode, useEffect } from 'react';

/** Pages of the stand-in document; each test file has its own copy of this module. */
let standInPages = 3;

function Document({
  children,
  onLoadSuccess,
}: {
  children: ReactNode;
  onLoadSuccess?: (pdf: { numPages: number }) => void;
}) {
  useEffect(() => onLoadSuccess?.({ numPages: standInPages }), [onLoadSuccess]);
  return <div>{children}</div>;
}

function Page({ pageNumber, onRenderSuccess }: { pageNumber: number; onRenderSuccess?: () => void }) {
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
  return <div>{`page ${pageNumber}`}</div>;
}

/**
 * react-pdf as the viewer meets it, for jsdom, where pdf.js cannot run (no canvas, no
 * DOMMatrix): a document of `numPages` pages whose pages say their number. A test file mocks
 * the library with it: `vi.mock('react-pdf', async () => (await import('@/test/react-pdf-stand-in')).reactPdfStandIn(5))`.
 */
export function reactPdfStandIn(numPages: number) {
  standInPages = numPages;
  return { Document, Page };
}
