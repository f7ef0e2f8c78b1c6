import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize, useInViewport, useMediaQuery, useViewportSize } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconFileAlert,
  IconLayoutSidebar,
  IconMaximize,
  IconMinimize,
  IconRefresh,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import {
  type ReactNode,
  type TouchEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Document, Page } from 'react-pdf';
import { getPdfOptions } from './pdf-setup';
import { usePageTimer } from './use-page-timer';
import { clampPage, maxZoom, minZoom, viewerKeyAction, zoomIn, zoomOut } from './viewer-controls';

type LoadState = 'loading' | 'ready' | 'error';

/** What a deck viewer shows and whom it tells; the lazy wrapper in deck-viewer.tsx takes the same. */
export type DeckViewerProps = {
  /**
   * Signed address of the PDF, or the PDF itself when it had to be fetched with a header an
   * address cannot carry (a share link's viewer token). A new value reloads the document: keep
   * it stable while viewing.
   */
  fileUrl: string | Blob;
  /** The deck's title, for the viewer's accessible name and the full-screen header. */
  title: string;
  /** Seconds page `page` was on screen while the tab was visible, since that page's last report. */
  onPageTime?: (page: number, seconds: number) => void;
  /** The file could not be loaded (expired address, not a PDF, network). */
  onLoadError?: () => void;
  /**
   * The page to show first (1-based, clamped to the deck), as a `?page=N` link asks (the
   * validation report's section and figure links). A new value, or a new `pageRequestKey` with
   * the same value (the same link followed again after paging on), turns to it again.
   */
  initialPage?: number;
  /** Changes with every navigation that asks for `initialPage` (the router location's key). */
  pageRequestKey?: string;
  /** The page shown, told on every turn (the page comments beside the viewer follow it). */
  onPageChange?: (page: number) => void;
  /**
   * Drawn over the shown page, filling it exactly (marks placed in fractions of the page, such as
   * comment regions); the page itself is drawn below it.
   */
  pageOverlay?: (page: number) => ReactNode;
};

/** Room for the toolbar and the stage's padding when fitting a page to the screen's height. */
const fullscreenChromePx = 72;
const stagePaddingPx = 16;
/** Room kept under the page when it is fitted into the window. */
const fitBottomGapPx = 16;
/** A fitted page is never shorter than this, however far down the viewer starts. */
const minFitHeightPx = 240;
/** Phones give the page every pixel they can. */
const narrowStagePaddingPx = 8;
const railThumbWidth = 96;
/** A horizontal swipe longer than this turns the page on touch screens. */
const swipeMinPx = 60;

/**
 * The viewer itself (deck-viewer.tsx documents what it does and loads it lazily): pdf.js and
 * react-pdf are imported here and nowhere on the eager path.
 */
export function DeckViewerReader({
  fileUrl,
  title,
  onPageTime,
  onLoadError,
  initialPage,
  pageRequestKey,
  onPageChange,
  pageOverlay,
}: DeckViewerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const stageScrollRef = useRef<HTMLDivElement>(null);
  const railId = useId();
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [pageCount, setPageCount] = useState<number | null>(null);
  // Not clamped yet: the page count is unknown until the document loads, which clamps it.
  const [page, setPage] = useState(() => Math.max(1, Math.trunc(initialPage ?? 1)));
  const [zoom, setZoom] = useState(1);
  const [aspectRatio, setAspectRatio] = useState(16 / 9);
  const [isMainRendered, setIsMainRendered] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  // null follows the screen size: open on wide screens, closed on phones until asked for.
  const [isRailChosenOpen, setIsRailChosenOpen] = useState<boolean | null>(null);
  const isRailOpen = isRailChosenOpen ?? isWide;
  const { ref: stageRef, width: stageWidth } = useElementSize<HTMLDivElement>();
  const { height: viewportHeight } = useViewportSize();
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  usePageTimer(loadState === 'ready' ? page : null, onPageTime);

  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;
  useEffect(() => {
    if (loadState === 'ready') onPageChangeRef.current?.(page);
  }, [page, loadState]);

  // Where the stage starts on the page (document coordinates): "fit page" fits the slide into
  // the window below it, so at 1280×800 the whole first slide shows without scrolling.
  const [stageTop, setStageTop] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a resize of the window or the stage is the trigger to measure again
  useLayoutEffect(() => {
    const node = stageScrollRef.current;
    if (node && loadState === 'ready') setStageTop(node.getBoundingClientRect().top + window.scrollY);
  }, [loadState, viewportHeight, stageWidth]);

  // A re-signed or different file starts loading afresh; the reader keeps their place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fileUrl is the trigger, not a value read here
  useEffect(() => {
    setLoadState('loading');
    setIsMainRendered(false);
  }, [fileUrl]);

  const goTo = useCallback((target: number) => setPage(clampPage(target, pageCount)), [pageCount]);

  // A link followed while the viewer is already open (the founder's report tab beside it) turns
  // the page; the first request was the initial state above.
  const pageRequestRef = useRef({ page: initialPage, key: pageRequestKey });
  // A requested page is also brought into sight: the link was followed from further down another
  // page (the report's figures), and the app keeps the scroll position across navigations.
  const isScrollPendingRef = useRef(initialPage !== undefined);
  useEffect(() => {
    const last = pageRequestRef.current;
    if (last.page === initialPage && last.key === pageRequestKey) return;
    pageRequestRef.current = { page: initialPage, key: pageRequestKey };
    if (initialPage === undefined) return;
    isScrollPendingRef.current = true;
    setPage(pageCount ? clampPage(initialPage, pageCount) : Math.max(1, Math.trunc(initialPage)));
  }, [initialPage, pageRequestKey, pageCount]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request (page or key) is the trigger, read through the ref
  useEffect(() => {
    const root = rootRef.current;
    if (loadState !== 'ready' || !isScrollPendingRef.current || !root) return;
    isScrollPendingRef.current = false;
    const { top } = root.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) root.scrollIntoView?.({ block: 'start' });
  }, [loadState, initialPage, pageRequestKey]);

  // A layout effect: the keys work from the moment the viewer shows itself ready (data-state), not
  // one paint later, when a quick reader's first ArrowRight would already be lost.
  useLayoutEffect(() => {
    if (loadState !== 'ready') return;
    const handleKeyDown = (event: KeyboardEvent) => {
      const action = viewerKeyAction(event);
      if (!action) return;
      // A viewer in a hidden tab (the founder's report open beside it) leaves the keys alone.
      if (rootRef.current?.checkVisibility?.() === false) return;
      event.preventDefault();
      if (action === 'previous') setPage((current) => clampPage(current - 1, pageCount));
      else if (action === 'next') setPage((current) => clampPage(current + 1, pageCount));
      else if (action === 'first') setPage(1);
      else if (action === 'last') setPage(clampPage(pageCount ?? 1, pageCount));
      else if (action === 'zoomIn') setZoom(zoomIn);
      else setZoom(zoomOut);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [loadState, pageCount]);

  useEffect(() => {
    const handleChange = () => setIsFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);

  // A new page starts at its top-left corner even when zoomed in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: page is the trigger, not a value read here
  useEffect(() => {
    stageScrollRef.current?.scrollTo?.({ top: 0, left: 0 });
  }, [page]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => {});
    } else {
      // Refused when not triggered by a user gesture or blocked by policy: the button stays usable.
      void rootRef.current?.requestFullscreen().catch(() => {});
    }
  };

  const touchStartRef = useRef<{ x: number; y: number } | null>(null);
  const handleTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStartRef.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const handleTouchEnd = (event: TouchEvent) => {
    const start = touchStartRef.current;
    const touch = event.changedTouches[0];
    touchStartRef.current = null;
    // Zoomed in, a swipe pans the page instead.
    if (!start || !touch || zoom > 1) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < swipeMinPx || Math.abs(dx) < 2 * Math.abs(dy)) return;
    goTo(page + (dx < 0 ? 1 : -1));
  };

  const stagePadding = isWide ? stagePaddingPx : narrowStagePaddingPx;
  const fitWidth = Math.max(120, stageWidth - 2 * stagePadding);
  // Zoom 1 is "fit page": as wide as the stage, and no taller than the window leaves it (issue
  // 18: fitting the width alone cropped the slide's bottom at 1280×800). Full screen fits the screen.
  const fitHeight = isFullscreen
    ? Math.max(120, viewportHeight - fullscreenChromePx - 2 * stagePadding)
    : stageTop === null || viewportHeight === 0
      ? null
      : Math.max(minFitHeightPx, viewportHeight - stageTop - 2 * stagePadding - fitBottomGapPx);
  const fitPage = fitHeight === null ? fitWidth : Math.min(fitWidth, fitHeight * aspectRatio);
  const pageWidth = Math.round(fitPage * zoom);
  const pageHeight = Math.round(pageWidth / aspectRatio);
  const isReady = loadState === 'ready';
  const lastPage = pageCount ?? 1;

  const pagePlaceholder = (
    <Box w={pageWidth} h={pageHeight} bg="white" pos="relative">
      <Center pos="absolute" inset={0}>
        <Loader size="sm" aria-label="Loading page" />
      </Center>
    </Box>
  );

  return (
    <Paper
      ref={rootRef}
      withBorder
      radius={isFullscreen ? 0 : 'md'}
      data-testid="deck-viewer"
      data-page={page}
      data-page-count={pageCount ?? undefined}
      data-state={loadState}
      role="region"
      aria-label={`Deck viewer: ${title}`}
      style={{
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        // Brought into sight below the app's fixed header, not under it.
        scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 8px)',
        ...(isFullscreen ? { height: '100vh', background: 'var(--mantine-color-dark-7)' } : {}),
      }}
    >
      <Group
        justify="space-between"
        gap={isWide ? 'xs' : 2}
        px={isWide ? 'xs' : 4}
        py={6}
        wrap="wrap"
        bg={isFullscreen ? 'dark.6' : 'white'}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={isWide ? 4 : 0} wrap="nowrap">
          <ViewerButton
            label={isRailOpen ? 'Hide page thumbnails' : 'Show page thumbnails'}
            onClick={() => setIsRailChosenOpen(!isRailOpen)}
            isDisabled={!isReady}
            isPressed={isRailOpen}
            // The rail is unmounted while closed, and aria-controls must name an element that exists.
            controls={isReady && isRailOpen ? railId : undefined}
            isDark={isFullscreen}
            isCompact={!isWide}
          >
            <IconLayoutSidebar size={18} aria-hidden />
          </ViewerButton>
          <ViewerButton
            label="Previous page"
            onClick={() => goTo(page - 1)}
            isDisabled={!isReady || page <= 1}
            isDark={isFullscreen}
            isCompact={!isWide}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ViewerButton>
          <Text
            fz="sm"
            fw={500}
            miw={isWide ? 72 : 40}
            ta="center"
            c={isFullscreen ? 'gray.2' : undefined}
            aria-live="polite"
            data-testid="deck-viewer-page-indicator"
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {/* Phones keep the toolbar on one line: "Page" stays for screen readers only. */}
            {isWide ? 'Page ' : <VisuallyHidden>Page </VisuallyHidden>}
            {isReady ? `${page} / ${lastPage}` : '– / –'}
          </Text>
          <ViewerButton
            label="Next page"
            onClick={() => goTo(page + 1)}
            isDisabled={!isReady || page >= lastPage}
            isDark={isFullscreen}
            isCompact={!isWide}
          >
            <IconChevronRight size={18} aria-hidden />
          </ViewerButton>
        </Group>
        {isFullscreen ? (
          <Text fz="sm" c="gray.3" truncate visibleFrom="sm" style={{ flex: 1, minWidth: 0 }} ta="center">
            {title}
          </Text>
        ) : null}
        <Group gap={isWide ? 4 : 0} wrap="nowrap">
          <ViewerButton
            label="Zoom out"
            onClick={() => setZoom(zoomOut)}
            isDisabled={!isReady || zoom <= minZoom}
            isDark={isFullscreen}
            isCompact={!isWide}
          >
            <IconZoomOut size={18} aria-hidden />
          </ViewerButton>
          <Text
            fz="xs"
            c={isFullscreen ? 'gray.3' : 'dimmed'}
            w={40}
            ta="center"
            visibleFrom="xs"
            aria-label={`Zoom ${Math.round(zoom * 100)} percent`}
          >
            {Math.round(zoom * 100)}%
          </Text>
          <ViewerButton
            label="Zoom in"
            onClick={() => setZoom(zoomIn)}
            isDisabled={!isReady || zoom >= maxZoom}
            isDark={isFullscreen}
            isCompact={!isWide}
          >
            <IconZoomIn size={18} aria-hidden />
          </ViewerButton>
          <ViewerButton
            label="Fit page"
            onClick={() => setZoom(1)}
            isDisabled={!isReady}
            isDark={isFullscreen}
            isCompact={!isWide}
          >
            <IconZoomReset size={18} aria-hidden />
          </ViewerButton>
          {canFullscreen ? (
            <ViewerButton
              label={isFullscreen ? 'Exit full screen' : 'Full screen'}
              onClick={toggleFullscreen}
              isDark={isFullscreen}
              isCompact={!isWide}
            >
              {isFullscreen ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
            </ViewerButton>
          ) : null}
        </Group>
      </Group>

      {loadState === 'error' ? (
        <Center py={56} px="md" bg="gray.0" style={{ flex: 1 }}>
          <Stack align="center" gap="xs" maw={360} ta="center" role="alert">
            <IconFileAlert size={36} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text fw={600}>We couldn't open this deck.</Text>
            <Text fz="sm" c="dimmed">
              The file may be damaged, or the connection dropped. Try again; if it keeps failing, reload the page.
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => {
                setLoadState('loading');
                setAttempt((count) => count + 1);
              }}
            >
              Try again
            </Button>
          </Stack>
        </Center>
      ) : (
        <Document
          key={attempt}
          file={fileUrl}
          options={getPdfOptions()}
          loading={null}
          error={null}
          noData={null}
          externalLinkTarget="_blank"
          externalLinkRel="noopener noreferrer nofollow"
          onItemClick={({ pageNumber }) => goTo(pageNumber)}
          onLoadSuccess={(pdf) => {
            setPageCount(pdf.numPages);
            setPage((current) => clampPage(current, pdf.numPages));
            setLoadState('ready');
          }}
          onLoadError={() => {
            setLoadState('error');
            onLoadErrorRef.current?.();
          }}
        >
          <Box
            style={{ display: 'flex', flexDirection: isWide ? 'row' : 'column', flex: 1, minHeight: 0 }}
            h={isFullscreen ? '100%' : undefined}
          >
            {isReady && isRailOpen ? (
              <PageRail
                id={railId}
                pageCount={lastPage}
                currentPage={page}
                isVertical={isWide}
                isDark={isFullscreen}
                isEnabled={isMainRendered}
                onSelect={goTo}
              />
            ) : null}
            <Box
              ref={(node: HTMLDivElement | null) => {
                stageRef(node);
                stageScrollRef.current = node;
              }}
              bg={isFullscreen ? 'dark.7' : 'gray.1'}
              p={stagePadding}
              style={{ flex: 1, minWidth: 0, overflow: 'auto', touchAction: zoom > 1 ? 'auto' : 'pan-y pinch-zoom' }}
              onTouchStart={handleTouchStart}
              onTouchEnd={handleTouchEnd}
              data-testid="deck-viewer-stage"
            >
              {/* Margin auto, not flex centring: a page wider than the stage must scroll from its left edge. */}
              <Box w={pageWidth} mx="auto" pos="relative" style={{ boxShadow: 'var(--mantine-shadow-sm)' }}>
                {isReady && stageWidth > 0 ? (
                  <Page
                    pageNumber={page}
                    width={pageWidth}
                    loading={pagePlaceholder}
                    error={
                      <Center w={pageWidth} h={pageHeight} bg="white">
                        <Text fz="sm" c="dimmed">
                          This page could not be drawn.
                        </Text>
                      </Center>
                    }
                    onLoadSuccess={(loadedPage) => {
                      if (loadedPage.originalWidth > 0 && loadedPage.originalHeight > 0) {
                        setAspectRatio(loadedPage.originalWidth / loadedPage.originalHeight);
                      }
                    }}
                    onRenderSuccess={() => setIsMainRendered(true)}
                    onRenderError={() => setIsMainRendered(true)}
                  />
                ) : (
                  <Skeleton w={pageWidth} h={pageHeight} radius={0} aria-label="Loading deck" role="status" />
                )}
                {isReady && pageOverlay ? (
                  // The overlay lets clicks through to the page's text and links; its marks take them back.
                  <Box
                    pos="absolute"
                    inset={0}
                    style={{ zIndex: 3, pointerEvents: 'none' }}
                    data-testid="deck-viewer-page-overlay"
                  >
                    {pageOverlay(page)}
                  </Box>
                ) : null}
              </Box>
            </Box>
          </Box>
        </Document>
      )}
    </Paper>
  );
}

type ViewerButtonProps = {
  label: string;
  /** Smaller on phones, so the whole toolbar fits on one line. */
  isCompact?: boolean;
  onClick: () => void;
  isDisabled?: boolean;
  isPressed?: boolean;
  controls?: string;
  isDark?: boolean;
  children: ReactNode;
};

/** An icon button whose label is both its accessible name and its tooltip. */
function ViewerButton({
  label,
  onClick,
  isDisabled,
  isPressed,
  controls,
  isDark,
  isCompact,
  children,
}: ViewerButtonProps) {
  return (
    // In place, not in a portal: a portal outside the viewer is invisible in full screen.
    <Tooltip label={label} openDelay={400} withinPortal={false} position="bottom">
      <ActionIcon
        variant={isPressed ? 'light' : 'subtle'}
        color={isPressed ? 'indigo' : isDark ? 'gray.3' : 'gray.7'}
        size={isCompact ? 'md' : 'lg'}
        aria-label={label}
        aria-pressed={isPressed}
        aria-controls={controls}
        disabled={isDisabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

type PageRailProps = {
  id: string;
  pageCount: number;
  currentPage: number;
  isVertical: boolean;
  isDark: boolean;
  /** Thumbnails wait for the current page to be drawn first: the worker does one thing at a time. */
  isEnabled: boolean;
  onSelect: (page: number) => void;
};

/** The page thumbnails: a column beside the page on wide screens, a strip above it on phones. */
function PageRail({ id, pageCount, currentPage, isVertical, isDark, isEnabled, onSelect }: PageRailProps) {
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <Box
      id={id}
      component="nav"
      aria-label="Pages"
      pos="relative"
      bg={isDark ? 'dark.6' : 'gray.0'}
      w={isVertical ? railThumbWidth + 36 : '100%'}
      h={isVertical ? undefined : 104}
      style={{
        flexShrink: 0,
        [isVertical ? 'borderRight' : 'borderBottom']: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {/* Absolutely placed so the rail scrolls inside the page's height instead of stretching it. */}
      <Box
        pos="absolute"
        inset={0}
        p="xs"
        style={{
          display: 'flex',
          flexDirection: isVertical ? 'column' : 'row',
          gap: 8,
          overflowX: isVertical ? 'hidden' : 'auto',
          overflowY: isVertical ? 'auto' : 'hidden',
          alignItems: 'center',
        }}
      >
        {pages.map((pageNumber) => (
          <RailThumbnail
            key={pageNumber}
            pageNumber={pageNumber}
            isCurrent={pageNumber === currentPage}
            isEnabled={isEnabled}
            isDark={isDark}
            onSelect={onSelect}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * Scrolls only the rail, never the window: scrollIntoView would also move the page under a
 * reader who is paging with the keyboard.
 */
function scrollIntoRail(node: HTMLElement) {
  const rail = node.parentElement;
  if (!rail) return;
  const item = node.getBoundingClientRect();
  const box = rail.getBoundingClientRect();
  const margin = 8;
  if (item.top < box.top) rail.scrollTop -= box.top - item.top + margin;
  else if (item.bottom > box.bottom) rail.scrollTop += item.bottom - box.bottom + margin;
  if (item.left < box.left) rail.scrollLeft -= box.left - item.left + margin;
  else if (item.right > box.right) rail.scrollLeft += item.right - box.right + margin;
}

type RailThumbnailProps = {
  pageNumber: number;
  isCurrent: boolean;
  isEnabled: boolean;
  isDark: boolean;
  onSelect: (page: number) => void;
};

function RailThumbnail({ pageNumber, isCurrent, isEnabled, isDark, onSelect }: RailThumbnailProps) {
  const { ref, inViewport } = useInViewport<HTMLButtonElement>();
  const [hasBeenInView, setHasBeenInView] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (inViewport) setHasBeenInView(true);
  }, [inViewport]);

  // Keep the current page's thumbnail in sight as the reader pages through.
  useEffect(() => {
    if (isCurrent && buttonRef.current) scrollIntoRail(buttonRef.current);
  }, [isCurrent]);

  const thumbHeight = Math.round((railThumbWidth * 9) / 16);
  return (
    <Box
      component="button"
      type="button"
      ref={(node: HTMLButtonElement | null) => {
        ref(node);
        buttonRef.current = node;
      }}
      onClick={() => onSelect(pageNumber)}
      aria-label={`Page ${pageNumber}`}
      aria-current={isCurrent ? 'true' : undefined}
      p={2}
      bg="transparent"
      style={{
        flexShrink: 0,
        cursor: 'pointer',
        border: `2px solid ${isCurrent ? 'var(--mantine-color-indigo-6)' : 'transparent'}`,
        borderRadius: 6,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box w={railThumbWidth} mih={thumbHeight} bg="white" style={{ overflow: 'hidden', borderRadius: 2 }}>
        {isEnabled && hasBeenInView ? (
          <Page
            pageNumber={pageNumber}
            width={railThumbWidth}
            renderTextLayer={false}
            renderAnnotationLayer={false}
            loading={<Skeleton w={railThumbWidth} h={thumbHeight} radius={0} />}
            error={<Box w={railThumbWidth} h={thumbHeight} />}
          />
        ) : (
          <Skeleton w={railThumbWidth} h={thumbHeight} radius={0} animate={false} />
        )}
      </Box>
      <Text fz={11} c={isDark ? 'gray.4' : 'dimmed'} lh={1.2} aria-hidden>
        {pageNumber}
      </Text>
    </Box>
  );
}
