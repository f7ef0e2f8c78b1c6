import { Box, Center, Skeleton, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PdfThumbnailCanvasProps } from './pdf-thumbnail-canvas';

export type PdfThumbnailProps = {
  /** A signed address of the PDF, or a file the user just picked (shown before upload). */
  fileUrl: string | File;
  /**
   * Page 1 already drawn by the server (a small image): shown instead of drawing the PDF, which
   * means fetching the whole file and half a megabyte of pdf.js. The PDF is drawn only when the
   * image is missing or fails to load.
   */
  imageUrl?: string | null | undefined;
  /** Width in CSS pixels; the height follows the first page's shape. */
  width: number;
  /** Called once when the file cannot be read or drawn (the placeholder is shown either way). */
  onError?: () => void;
};

/**
 * pdf.js loads on first use. A failed chunk download resolves to a component that reports the
 * error, so the thumbnail falls back to its placeholder instead of breaking the page.
 */
const PdfThumbnailCanvas = lazy<ComponentType<PdfThumbnailCanvasProps>>(() =>
  import('./pdf-thumbnail-canvas')
    .then((module) => ({ default: module.PdfThumbnailCanvas }))
    .catch(() => ({ default: ReportLoadFailure })),
);

function ReportLoadFailure({ onError }: PdfThumbnailCanvasProps) {
  useEffect(() => onError(), [onError]);
  return null;
}

/** Slides are 16:9 far more often than not: the skeleton takes that shape until page 1 is known. */
const assumedAspectRatio = 16 / 9;

type Status = 'loading' | 'ready' | 'error';

/**
 * Page 1 of a PDF as a picture: the server's drawing when there is one, else drawn here. It waits
 * until it scrolls into view before fetching, so a list of decks loads only the thumbnails a
 * person can see; a skeleton holds the place while loading and a neutral file icon replaces it
 * when the file cannot be shown.
 */
export function PdfThumbnail({ fileUrl, imageUrl, width, onError }: PdfThumbnailProps) {
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [hasBeenInView, setHasBeenInView] = useState(false);
  const [status, setStatus] = useState<Status>('loading');
  const [aspectRatio, setAspectRatio] = useState(assumedAspectRatio);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const hasReportedErrorRef = useRef(false);
  const [imageFailed, setImageFailed] = useState(false);
  const showsImage = Boolean(imageUrl) && !imageFailed;

  useEffect(() => {
    // Without IntersectionObserver (old browsers, jsdom) every thumbnail counts as in view.
    if (inViewport || typeof IntersectionObserver === 'undefined') setHasBeenInView(true);
  }, [inViewport]);

  // A new file starts over (the founder picked another file, or the address was re-signed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the addresses are the trigger, not values read here
  useEffect(() => {
    setStatus('loading');
    setImageFailed(false);
    hasReportedErrorRef.current = false;
  }, [fileUrl, imageUrl]);

  const handleReady = useRef(() => setStatus('ready')).current;
  const handleError = useRef(() => {
    setStatus('error');
    // Loading and drawing can both fail for one file; the caller hears about it once.
    if (hasReportedErrorRef.current) return;
    hasReportedErrorRef.current = true;
    onErrorRef.current?.();
  }).current;

  const height = Math.round(width / aspectRatio);

  return (
    <Box
      ref={ref}
      pos="relative"
      w={width}
      h={height}
      bg="gray.1"
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="pdf-thumbnail"
      data-status={status}
    >
      {status === 'error' ? (
        <Center h="100%" c="gray.6" style={{ flexDirection: 'column', gap: 4 }}>
          <IconFileTypePdf size={Math.min(40, Math.max(20, width / 6))} stroke={1.5} aria-hidden />
          {width >= 160 ? (
            <Text fz="xs" c="dimmed">
              Preview unavailable
            </Text>
          ) : null}
        </Center>
      ) : null}
      {status !== 'error' && hasBeenInView && showsImage ? (
        <img
          src={imageUrl ?? undefined}
          alt=""
          decoding="async"
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && naturalHeight > 0) setAspectRatio(naturalWidth / naturalHeight);
            handleReady();
          }}
          // A lost or expired picture: the PDF is drawn instead, and only its failure is reported.
          onError={() => setImageFailed(true)}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top' }}
        />
      ) : null}
      {status !== 'error' && hasBeenInView && !showsImage ? (
        <Suspense fallback={null}>
          <PdfThumbnailCanvas
            fileUrl={fileUrl}
            width={width}
            onAspectRatio={setAspectRatio}
            onReady={handleReady}
            onError={handleError}
          />
        </Suspense>
      ) : null}
      {status === 'loading' ? (
        <Skeleton pos="absolute" inset={0} radius={0} aria-label="Loading preview" role="status" />
      ) : null}
    </Box>
  );
}
