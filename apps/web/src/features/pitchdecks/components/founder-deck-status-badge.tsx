import type { PitchDeckStatus } from '@deckvalid/contract/pitchdecks';
import { Badge, Loader } from '@mantine/core';
import { deckStatusDisplay } from '../deck-status';

/**
 * A deck's status in words ('Processing', 'Ready', 'Failed'). Sentence case rather than Mantine's
 * capitals: the words read the same to people, screen readers and tests.
 */
export function FounderDeckStatusBadge({
  status,
  size = 'md',
}: {
  status: PitchDeckStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { label, color } = deckStatusDisplay[status];
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      tt="none"
      data-testid="deck-status"
      // Never ellipsised beside a long title: the status is the card's most important word.
      style={{ flexShrink: 0, overflow: 'visible' }}
      leftSection={status === 'processing' ? <Loader size={10} color={color} aria-hidden /> : null}
    >
      {label}
    </Badge>
  );
}
