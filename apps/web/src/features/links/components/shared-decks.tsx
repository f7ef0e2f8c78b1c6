import type { SharedDeck } from '@deckvalid/contract/links';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@/shared/lib/format-date';
import { formatSeconds } from '../link-format';
import { useSharedDecksQuery } from '../links-api';

/** What the investor read of a deck through links, in a line. */
export function readingSummaryOf(deck: SharedDeck): string {
  const parts = [`Opened ${formatDate(deck.lastSeenAt)}`];
  if (deck.totalSeconds > 0) parts.push(`read ${formatSeconds(deck.totalSeconds)}`);
  if (deck.furthestPage !== null) parts.push(`up to page ${deck.furthestPage} of ${deck.pitchDeck.pageCount}`);
  return parts.join(' · ');
}

/**
 * The decks a founder sent the investor by link before (or after) they had an account, with what
 * they read there. Nothing at all while loading, on an error or when there are none: the browse
 * below is the page, and this only leads back to a deck they already know.
 */
export function SharedDecks({ deckPath }: { deckPath: (id: string) => string }) {
  const { data } = useSharedDecksQuery();
  if (!data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="shared-decks-title" data-testid="shared-decks">
      <Group gap={6}>
        <IconLink size={18} aria-hidden />
        <Title order={2} fz="md" id="shared-decks-title">
          Shared with you by link
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {data.map((deck) => (
          <Paper key={deck.pitchDeck.id} withBorder radius="md" p="sm">
            <Stack gap={2}>
              <Anchor component={Link} to={deckPath(deck.pitchDeck.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {deck.pitchDeck.title}
              </Anchor>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {deck.pitchDeck.company} · from {deck.founderName}
              </Text>
              <Text fz="xs" c="dimmed">
                {readingSummaryOf(deck)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
