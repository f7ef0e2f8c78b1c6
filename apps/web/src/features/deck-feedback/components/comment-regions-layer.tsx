import type { CommentRegion, DeckComment } from '@deckvalid/contract/deck-comments';
import { Box, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { describeRegion, keyboardStartRegion, type PagePoint, regionAfterKey, regionBetween } from '../feedback-model';

type CommentRegionsLayerProps = {
  /** The comments with a region on the page shown. */
  comments: readonly DeckComment[];
  /** The comment picked in the panel: its box is drawn stronger. */
  highlightedId: string | null;
  /** While true, a drag on the page draws the region of the comment being written. */
  isDrawing: boolean;
  /** The region of the comment being written, on this page. */
  draftRegion: CommentRegion | null;
  onDraw: (region: CommentRegion | null) => void;
  onSelect: (commentId: string) => void;
};

const percent = (fraction: number) => `${fraction * 100}%`;

/** Each arrow key's step, in the page's directions. */
const arrowSteps: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};
const boxStyle = (region: CommentRegion) => ({
  left: percent(region.x),
  top: percent(region.y),
  width: percent(region.width),
  height: percent(region.height),
});

/**
 * Drawn over the page in the deck viewer: each comment's region as an outlined box with its number
 * (a button that picks the comment in the panel), the region being drawn, and, while drawing, a
 * surface that turns a drag into a region in fractions of the page. Without a mouse, the surface
 * takes the focus: arrow keys move a region (starting in the middle), Shift with them resizes it,
 * Enter keeps it and Escape stops drawing.
 */
export function CommentRegionsLayer({
  comments,
  highlightedId,
  isDrawing,
  draftRegion,
  onDraw,
  onSelect,
}: CommentRegionsLayerProps) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [dragStart, setDragStart] = useState<PagePoint | null>(null);
  const [dragRegion, setDragRegion] = useState<CommentRegion | null>(null);

  // Drawing starts from a button in the panel: the focus moves to the page, where the keys draw.
  useEffect(() => {
    if (isDrawing) surfaceRef.current?.focus({ preventScroll: true });
  }, [isDrawing]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setDragRegion(null);
      onDraw(draftRegion);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const region = dragRegion ?? draftRegion;
      setDragRegion(null);
      onDraw(region ?? keyboardStartRegion);
      return;
    }
    const step = arrowSteps[event.key];
    if (!step) return;
    event.preventDefault();
    // The viewer turns pages on arrow keys; here they draw.
    event.stopPropagation();
    setDragRegion(
      regionAfterKey(dragRegion ?? draftRegion ?? keyboardStartRegion, { ...step, isResize: event.shiftKey }),
    );
  };

  const pointOf = (event: PointerEvent): PagePoint => {
    const box = surfaceRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return { x: 0, y: 0 };
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const handlePointerDown = (event: PointerEvent) => {
    event.preventDefault();
    surfaceRef.current?.setPointerCapture?.(event.pointerId);
    const point = pointOf(event);
    setDragStart(point);
    setDragRegion(null);
  };
  const handlePointerMove = (event: PointerEvent) => {
    if (dragStart) setDragRegion(regionBetween(dragStart, pointOf(event)));
  };
  const handlePointerUp = (event: PointerEvent) => {
    if (!dragStart) return;
    const region = regionBetween(dragStart, pointOf(event));
    setDragStart(null);
    setDragRegion(null);
    onDraw(region);
  };

  const shownDraft = dragRegion ?? draftRegion;
  return (
    <Box pos="absolute" inset={0}>
      {comments.map((comment, index) =>
        comment.region ? (
          <UnstyledButton
            key={comment.id}
            pos="absolute"
            aria-label={`Comment ${index + 1} by ${comment.author.name}, on ${describeRegion(comment.region)}`}
            onClick={() => onSelect(comment.id)}
            data-testid="comment-region"
            data-highlighted={comment.id === highlightedId || undefined}
            style={{
              ...boxStyle(comment.region),
              pointerEvents: isDrawing ? 'none' : 'auto',
              border: `2px ${comment.resolvedAt ? 'dashed' : 'solid'} var(--mantine-color-${
                comment.id === highlightedId ? 'orange-6' : comment.resolvedAt ? 'gray-5' : 'indigo-6'
              })`,
              background: comment.id === highlightedId ? 'rgba(253, 126, 20, 0.16)' : 'rgba(76, 110, 245, 0.06)',
              borderRadius: 4,
            }}
          >
            <Box
              component="span"
              pos="absolute"
              top={-10}
              left={-10}
              w={20}
              h={20}
              fz={11}
              fw={700}
              c="white"
              bg={comment.id === highlightedId ? 'orange.8' : comment.resolvedAt ? 'gray.7' : 'indigo.7'}
              style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}
              aria-hidden
            >
              {index + 1}
            </Box>
          </UnstyledButton>
        ) : null,
      )}
      {isDrawing ? (
        <Box
          ref={surfaceRef}
          pos="absolute"
          inset={0}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onKeyDown={handleKeyDown}
          tabIndex={0}
          role="application"
          aria-label={`Draw the region of your comment: drag on the page, or move a box with the arrow keys and resize it with Shift and the arrow keys; Enter keeps it, Escape stops.${
            shownDraft ? ` Now: ${describeRegion(shownDraft)}.` : ''
          }`}
          // A drag draws here; it must not scroll the page or turn it (the viewer's swipe).
          onTouchStart={(event) => event.stopPropagation()}
          onTouchEnd={(event) => event.stopPropagation()}
          data-testid="comment-region-surface"
          style={{
            pointerEvents: 'auto',
            cursor: 'crosshair',
            touchAction: 'none',
            outline: '2px dashed var(--mantine-color-orange-6)',
            outlineOffset: -2,
          }}
        />
      ) : null}
      {shownDraft ? (
        <Box
          pos="absolute"
          data-testid="comment-region-draft"
          style={{
            ...boxStyle(shownDraft),
            pointerEvents: 'none',
            border: '2px dashed var(--mantine-color-orange-7)',
            background: 'rgba(253, 126, 20, 0.12)',
            borderRadius: 4,
          }}
        />
      ) : null}
    </Box>
  );
}
