import type { InterestStatus } from '@deckvalid/contract/interests';
import { formatCount } from '@deckvalid/contract/text';
import { Button, EmptyState, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useFounderInterestsQuery } from '../founder-interests-api';
import { interestStatusDisplay, interestStatusFilters } from '../interest-status';
import { FounderInterestRow } from './founder-interest-row';

type DeckOption = { value: string; label: string };

type FounderInterestListProps = {
  /** Link to the founder's page of a deck. */
  deckPath: (deckId: string) => string;
  /** The founder's decks for the deck filter; app/ passes them in (features do not share code). */
  deckOptions?: DeckOption[];
  /** Rows per page. */
  pageSize?: number;
};

/**
 * /founder/my-investors: every interest in the founder's decks, newest first, filtered by status
 * and deck. "All decks" reads GET /users/me/interests; one deck reads that deck's interests.
 */
export function FounderInterestList({ deckPath, deckOptions = [], pageSize = 20 }: FounderInterestListProps) {
  const [status, setStatus] = useState<InterestStatus | ''>('');
  const [deckId, setDeckId] = useState('');
  const [page, setPage] = useState(1);
  const interests = useFounderInterestsQuery({
    page,
    limit: pageSize,
    status: status || undefined,
    deckId: deckId || undefined,
  });

  const isFiltered = status !== '' || deckId !== '';
  const total = interests.data?.meta.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Accepting or declining under a status filter, or an investor withdrawing, can leave the page
  // being read past the end: go to the last page that has rows instead of saying there are none.
  const isPastEnd = interests.currentData?.data.length === 0 && page > pageCount;
  useEffect(() => {
    if (isPastEnd) setPage(pageCount);
  }, [isPastEnd, pageCount]);

  return (
    <Stack gap="lg">
      <Group grow align="flex-end" wrap="wrap" gap="md" maw={560}>
        <NativeSelect
          label="Status"
          miw={160}
          value={status}
          data={interestStatusFilters}
          onChange={(event) => {
            setStatus(event.currentTarget.value as InterestStatus | '');
            setPage(1);
          }}
        />
        <NativeSelect
          label="Deck"
          miw={160}
          value={deckId}
          data={[{ value: '', label: 'All decks' }, ...deckOptions]}
          onChange={(event) => {
            setDeckId(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>

      {interests.isLoading || (interests.isFetching && !interests.data) || isPastEnd ? (
        <InterestListSkeleton />
      ) : !interests.data ? (
        <Stack gap="sm" align="flex-start">
          <FormErrorAlert message={describeApiError(interests.error).message} title="We couldn't load your investors" />
          <Button variant="light" onClick={() => void interests.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : interests.data.data.length === 0 ? (
        <EmptyState
          variant="light"
          size="lg"
          py={40}
          icon={<IconUsers aria-hidden />}
          title={isFiltered ? 'No matching interests' : 'No investors yet'}
          description={
            isFiltered
              ? `No ${status ? interestStatusDisplay[status].label.toLowerCase() : ''} interests${deckId ? ' in this deck' : ''}. Try another filter.`
              : 'When an investor shows interest in one of your decks, they appear here with their note, and you can accept or decline.'
          }
          data-testid="empty-state"
        />
      ) : (
        <Stack gap="sm" aria-busy={interests.isFetching} data-testid="interest-list">
          <Text fz="sm" c="dimmed" aria-live="polite">
            {total === 1 ? '1 interest' : `${formatCount(total)} interests`}
          </Text>
          {interests.data.data.map((interest) => (
            <FounderInterestRow key={interest.id} interest={interest} deckPath={deckPath} />
          ))}
          {pageCount > 1 ? (
            <Group justify="center" mt="sm">
              <Pagination total={pageCount} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

/** A deck's interests on its page: the same rows, without the deck line or the filters, paged. */
export function FounderDeckInterests({ deckId, pageSize = 10 }: { deckId: string; pageSize?: number }) {
  const [page, setPage] = useState(1);
  const interests = useFounderInterestsQuery({ deckId, page, limit: pageSize });
  const total = interests.data?.meta.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A decision or a withdrawal can leave the page being read past the end.
  const isPastEnd = interests.currentData?.data.length === 0 && page > pageCount;
  useEffect(() => {
    if (isPastEnd) setPage(pageCount);
  }, [isPastEnd, pageCount]);
  if (interests.isLoading) return <InterestListSkeleton rows={2} />;
  if (!interests.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={describeApiError(interests.error).message} title="We couldn't load the interests" />
        <Button variant="light" size="xs" onClick={() => void interests.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (interests.data.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed" data-testid="deck-interests-empty">
        No investor has shown interest in this deck yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="deck-interests" aria-busy={interests.isFetching}>
      {interests.data.data.map((interest) => (
        <FounderInterestRow key={interest.id} interest={interest} deckPath={null} />
      ))}
      {pageCount > 1 ? (
        <Group justify="center" mt="xs">
          <Pagination size="sm" total={pageCount} value={page} onChange={setPage} aria-label="Interest pages" />
        </Group>
      ) : null}
    </Stack>
  );
}

function InterestListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading interests">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder radius="lg" p="md">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <Skeleton h={38} w={38} circle />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={14} w="40%" />
              <Skeleton h={12} w="60%" />
              <Skeleton h={12} w="80%" />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
