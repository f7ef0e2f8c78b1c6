import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { Button, Card, EmptyState, Group, Pagination, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconPresentation } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { pollingIntervalFor } from '../deck-status';
import { founderPitchDecksApi, useFounderPitchDecksQuery } from '../founder-pitchdecks-api';
import { type DeckCoverUrls, FounderDeckCard } from './founder-deck-card';

/** Cards per page: four rows of three on a wide screen. */
const pageSize = 12;

type FounderDeckListProps = {
  /** The founder's page of one deck; URLs come from app/config. */
  deckPath: (id: string) => string;
  /** The "Submit a deck" action of the empty state. */
  submitAction: ReactNode;
};

/**
 * The founder's decks as cards. While any deck on the page is processing the list is asked for
 * again every 2 s, and the polling stops by itself once none is.
 */
export function FounderDeckList({ deckPath, submitAction }: FounderDeckListProps) {
  const [page, setPage] = useState(1);
  const args = { page, limit: pageSize };
  // The cache entry decides the polling before the subscribing hook below reads it.
  const cached = founderPitchDecksApi.endpoints.founderPitchDecks.useQueryState(args);
  const decks = useFounderPitchDecksQuery(args, {
    pollingInterval: pollingIntervalFor(cached.data?.data),
    skipPollingIfUnfocused: true,
  });
  // Every answer signs the file addresses anew. Keeping the first address per deck stops each
  // 2 s poll from redrawing every cover; a cover that fails drops its address for the next one.
  const covers = useRef(new Map<string, DeckCoverUrls & { version: number | null }>());
  // One fresh address per deck: a second failure means the file itself cannot be drawn.
  const refreshedDeckIds = useRef(new Set<string>());

  // Kept per live version: a new one ready is a new cover.
  const coverOf = (deck: FounderPitchDeck): DeckCoverUrls | null => {
    const kept = covers.current.get(deck.id);
    if (kept && kept.version === deck.liveVersion) return kept;
    if (!deck.fileUrl) return null;
    const cover = { fileUrl: deck.fileUrl, imageUrl: deck.thumbnailUrl, version: deck.liveVersion };
    covers.current.set(deck.id, cover);
    return cover;
  };

  const handleThumbnailError = (deckId: string) => {
    if (refreshedDeckIds.current.has(deckId)) return;
    refreshedDeckIds.current.add(deckId);
    covers.current.delete(deckId);
    void decks.refetch();
  };

  if (decks.isLoading) return <DeckListSkeleton />;

  if (!decks.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={describeApiError(decks.error).message} title="We couldn't load your decks" />
        <Button variant="light" onClick={() => void decks.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  const { data, meta } = decks.data;
  if (data.length === 0 && page === 1) {
    return (
      <EmptyState
        variant="light"
        size="lg"
        py={48}
        icon={<IconPresentation aria-hidden />}
        title="No decks yet"
        description="Submit your pitch deck as a PDF. Every investor can then find it; those whose thesis matches its sector, stage, amount and location see it first."
        data-testid="empty-state"
      >
        <EmptyState.Actions>{submitAction}</EmptyState.Actions>
      </EmptyState>
    );
  }

  const pageCount = Math.max(1, Math.ceil(meta.total / meta.limit));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="deck-list">
        {data.map((deck) => (
          <FounderDeckCard
            key={deck.id}
            deck={deck}
            cover={coverOf(deck)}
            to={deckPath(deck.id)}
            onThumbnailError={handleThumbnailError}
          />
        ))}
      </SimpleGrid>
      {pageCount > 1 ? (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={page}
            onChange={setPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

function DeckListSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="lg"
      role="status"
      aria-busy="true"
      aria-label="Loading your decks"
    >
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder radius="lg" padding="md">
          <Card.Section>
            <Skeleton h={0} pb="56.25%" radius={0} />
          </Card.Section>
          <Stack gap="xs" mt="md">
            <Skeleton h={18} w="70%" />
            <Skeleton h={12} w="50%" />
            <Skeleton h={12} w="90%" />
            <Skeleton h={12} w="40%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
