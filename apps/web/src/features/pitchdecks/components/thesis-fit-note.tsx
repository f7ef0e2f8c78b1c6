import type { ThesisFit } from '@deckvalid/contract/pitchdecks';
import { Group, Text } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { thesisFitLine } from '../thesis-fit-line';

/**
 * How a deck fits the investor's thesis, as one tinted line: teal for a full match, grey for a
 * partial fit; nothing without a thesis or for a deck that meets none of it. The search card and
 * the deck page show the same words.
 */
export function ThesisFitNote({ fit, fz = 'xs' }: { fit: ThesisFit | null; fz?: 'xs' | 'sm' }) {
  const line = thesisFitLine(fit);
  if (!line) return null;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="flex-start"
      px={8}
      py={5}
      bg={line.isMatch ? 'teal.0' : 'gray.0'}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="thesis-fit"
      data-match={line.isMatch}
    >
      <IconTarget
        size={14}
        aria-hidden
        style={{ flexShrink: 0, marginTop: fz === 'sm' ? 3 : 2 }}
        color={line.isMatch ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-gray-6)'}
      />
      {/* Not clamped: the reasons are why the deck is on top, and four fit in three short lines.
          teal.9 and gray.7 on their tints read above 4.5:1 at this size. */}
      <Text fz={fz} lh={1.45} c={line.isMatch ? 'teal.9' : 'gray.7'}>
        <Text span inherit fw={700}>
          {line.heading}:
        </Text>{' '}
        {line.reasons}
      </Text>
    </Group>
  );
}
