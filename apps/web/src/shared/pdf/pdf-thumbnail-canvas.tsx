import { Document, Page } from 'react-pdf';
import { getPdfOptions } from './pdf-setup';

export type PdfThumbnailCanvasProps = {
  fileUrl: string | File;
  width: number;
  /** Page 1's width divided by its height, known before it is drawn. */
  onAspectRatio: (aspectRatio: number) => void;
  onReady: () => void;
  onError: () => void;
};

/**
 * Page 1 drawn by react-pdf. Its own chunk (pdf-thumbnail.tsx loads it lazily): pdf.js is half a
 * megabyte, and a list of cards can show its text before the pictures arrive.
 */
export function PdfThumbnailCanvas({ fileUrl, width, onAspectRatio, onReady, onError }: PdfThumbnailCanvasProps) {
  return (
    <Document
      file={fileUrl}
      options={getPdfOptions('preview')}
      loading={null}
      error={null}
      noData={null}
      onLoadError={onError}
      onSourceError={onError}
    >
      <Page
        pageNumber={1}
        width={width}
        renderTextLayer={false}
        renderAnnotationLayer={false}
        loading={null}
        error={null}
        onLoadSuccess={(page) => {
          if (page.originalWidth > 0 && page.originalHeight > 0)
            onAspectRatio(page.originalWidth / page.originalHeight);
        }}
        onRenderSuccess={onReady}
        onRenderError={onError}
        onLoadError={onError}
      />
    </Document>
  );
}
