import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { paths } from '@/config/paths';
import { FounderInterestList } from '@/features/interests/components/founder-interest-list';
import { useFounderPitchDecksQuery } from '@/features/pitchdecks/founder-pitchdecks-api';

/** /founder/my-investors: every interest in the founder's decks; the deck filter comes from pitchdecks. */
export function FounderMyInvestorsPage() {
  // One page of 100 covers any founder's decks; the filter simply lacks decks beyond that.
  const decks = useFounderPitchDecksQuery({ page: 1, limit: 100 });
  const deckOptions = useMemo(
    () => (decks.data?.data ?? []).map((deck) => ({ value: deck.id, label: `${deck.title} (${deck.company})` })),
    [decks.data],
  );
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          My investors
        </Title>
        <Text c="dimmed">
          Investors who showed interest in your decks. Accept to work with them on milestones, or decline.
        </Text>
      </Stack>
      <FounderInterestList deckPath={paths.founder.view} deckOptions={deckOptions} />
    </Stack>
  );
}
