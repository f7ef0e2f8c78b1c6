import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import type { DeckViewerProps } from './deck-viewer-reader';

/** pdf.js is half a megabyte: it arrives with the first viewer, not with the app. */
const DeckViewerReader = lazy(() =>
  import('./deck-viewer-reader')
    .then((module) => ({ default: module.DeckViewerReader }))
    .catch(() => ({ default: ViewerLoadFailure })),
);

/** Shown when the viewer's own code could not be downloaded (offline, or a deploy replaced it). */
function ViewerLoadFailure({ onLoadError }: DeckViewerProps) {
  useEffect(() => onLoadError?.(), [onLoadError]);
  return (
    <Paper withBorder radius="md" py={56} px="md" data-testid="deck-viewer" data-state="error" data-page={1}>
      <Stack align="center" gap="xs" ta="center" role="alert">
        <IconFileAlert size={36} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        <Text fw={600}>We couldn't open the deck viewer.</Text>
        <Text fz="sm" c="dimmed">
          Check your connection and reload the page.
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * A pitch deck reader: the current page large, a rail of page thumbnails (a strip under the
 * toolbar on small screens, closed by default there), page n / N, ArrowLeft/ArrowRight and
 * PageUp/PageDown (Home/End, +/-), zoom in/out/fit page, and full screen on the viewer itself.
 * With `onPageTime` it reports how long each page was actually read: only while the tab is
 * visible, flushed on page change, every 5 s, when the tab hides and on unmount
 * (use-page-timer.ts).
 *
 * The root carries `data-testid="deck-viewer"` from the first frame (also while pdf.js itself
 * loads), `data-page` (current page), `data-page-count` once known and `data-state`
 * (loading | ready | error): wait for `data-state="ready"` before reading pages.
 */
export function DeckViewer(props: DeckViewerProps) {
  return (
    <Suspense
      fallback={
        <Paper
          withBorder
          radius="md"
          h={360}
          aria-label={`Deck viewer: ${props.title}`}
          role="region"
          data-testid="deck-viewer"
          data-state="loading"
          data-page={props.initialPage ?? 1}
        >
          <Center h="100%">
            <Loader aria-label="Loading the deck viewer" />
          </Center>
        </Paper>
      }
    >
      <DeckViewerReader {...props} />
    </Suspense>
  );
}
