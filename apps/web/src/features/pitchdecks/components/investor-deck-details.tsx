import type { InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatFileSize } from '@/shared/api/upload-file';
import { formatDate } from '@/shared/lib/format-date';
import { formatUsd } from '@/shared/lib/format-money';
import { pageCountLabel } from '../investor-deck-search';
import { ThesisFitNote } from './thesis-fit-note';

/** "example.com/path" for a link's text; the full address stays in href. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** The facts of a deck beside its viewer: how it fits the investor's thesis, round, company, founder, file. */
export function InvestorDeckDetails({ deck }: { deck: InvestorPitchDeck }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Raising', value: formatUsd(deck.amountSought) },
    { label: 'Stage', value: deck.stage },
    { label: 'Sector', value: deck.sector },
    { label: 'Location', value: deck.location },
    { label: 'Founder', value: deck.founder.name },
    {
      label: 'Website',
      value: deck.website ? (
        <Anchor
          href={deck.website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          style={{ overflowWrap: 'anywhere' }}
        >
          {displayUrl(deck.website)}
        </Anchor>
      ) : (
        <Text span c="dimmed" inherit>
          Not given
        </Text>
      ),
    },
    {
      label: 'Deck',
      value: [pageCountLabel(deck.pageCount), formatFileSize(deck.fileSize)].filter(Boolean).join(' · '),
    },
    { label: 'Published', value: formatDate(deck.readyAt ?? deck.createdAt) },
  ];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="deck-details-heading">
      <Stack gap="sm">
        <Title order={2} fz="md" id="deck-details-heading">
          About this round
        </Title>
        <ThesisFitNote fit={deck.thesisFit} fz="sm" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          {facts.map((fact) => (
            <Stack key={fact.label} gap={2} style={{ minWidth: 0 }}>
              <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
                {fact.label}
              </Text>
              <Text component="dd" fz="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
                {fact.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
