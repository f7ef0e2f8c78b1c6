import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPresentation } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { InvestorDeckAnalysis } from '@/features/analysis/components/deck-analysis';
import type { DeckListReturnState } from '@/features/pitchdecks/components/investor-deck-browser';
import { InvestorDeckUnavailable } from '@/features/pitchdecks/components/investor-deck-unavailable';
import { useInvestorPitchDeckQuery } from '@/features/pitchdecks/investor-pitchdecks-api';
import { describeApiError } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';

/**
 * /analysis/:pitchDeckId (spec §2): the validation report of a deck's live version for an
 * investor, under the deck's company and title, with the back action to /investor (keeping the
 * search it was opened from). Section and figure links open the deck page's viewer at their page.
 */
export function AnalysisPage() {
  const { pitchDeckId = '' } = useParams();
  const state = useLocation().state as Partial<DeckListReturnState> | null;
  const listSearch = typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
  const deckQuery = useInvestorPitchDeckQuery(pitchDeckId, { skip: !pitchDeckId });
  const deck = deckQuery.currentData ?? (deckQuery.data?.id === pitchDeckId ? deckQuery.data : undefined);
  useDocumentTitle(deck ? `Validation report · ${deck.title}` : undefined);
  const deckProblem = !deck && deckQuery.isError ? describeApiError(deckQuery.error) : null;
  const isMissing = deckProblem !== null && (deckProblem.code === 'NOT_FOUND' || deckProblem.status === 404);

  const backLink = (
    <Anchor component={Link} to={`${paths.investor.home}${listSearch}`} fz="sm" fw={500} w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to decks
      </Group>
    </Anchor>
  );

  if (isMissing) return <InvestorDeckUnavailable backLink={backLink} />;

  return (
    <Stack gap="lg" data-testid="analysis-page">
      {backLink}
      <Group justify="space-between" align="flex-end" gap="md">
        {deck ? (
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Text fz="sm" fw={700} tt="uppercase" c="indigo.7" lts={0.4}>
              {deck.company}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {deck.title}
            </Title>
            <Group gap={6}>
              <Text c="dimmed">Validation report</Text>
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {deck.sector}
              </Badge>
              <Badge variant="light" color="indigo" radius="sm" tt="none">
                {deck.stage}
              </Badge>
            </Group>
          </Stack>
        ) : (
          // The report loads on its own; only the header waits for the deck (or says it could not).
          <Stack gap={8} style={{ flex: '1 1 320px' }} aria-hidden={!deckProblem}>
            {deckProblem ? (
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                Validation report
              </Title>
            ) : (
              <>
                <Skeleton h={12} w={120} />
                <Skeleton h={30} w="60%" />
                <Skeleton h={14} w={180} />
              </>
            )}
          </Stack>
        )}
        <Button
          component={Link}
          to={paths.investor.pitchDeck(pitchDeckId)}
          state={{ listSearch } satisfies DeckListReturnState}
          variant="light"
          leftSection={<IconPresentation size={16} aria-hidden />}
        >
          Open the deck
        </Button>
      </Group>
      {pitchDeckId ? (
        <InvestorDeckAnalysis
          deckId={pitchDeckId}
          pageHref={(page) => paths.investor.pitchDeck(pitchDeckId, { page })}
        />
      ) : null}
    </Stack>
  );
}
